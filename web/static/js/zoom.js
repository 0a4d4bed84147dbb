// Zoom and pan for the boards (the Diplomacy map, the Here I Stand board):
// a frame that scrolls over a canvas whose width is the zoom times the
// frame's. The board fits the frame's width at zoom 1; buttons, the wheel
// with Ctrl (a touchpad's pinch too), two fingers and the + / − / 0 keys zoom,
// keeping the point under the pointer (or the middle) in place; dragging
// with the mouse, a finger (the browser's own scrolling) or the arrow keys
// pans. A drag does not click what it started on.
import { html, Component } from './lib.js';

export const ZOOM_MAX = 6;

const clamp = (z) => Math.max(1, Math.min(ZOOM_MAX, z));
const typing = (el) => el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);

/**
 * Attaches the gestures to a scrolling frame: zoomBy(factor, clientX,
 * clientY) is asked for every zoom (the point may be undefined: the
 * middle), fit() for the 0 key; with drag, the mouse pans by scrolling.
 * Returns the function that detaches them.
 */
export function gestures(frame, { zoomBy, fit, drag }) {
  const touches = new Map();
  let pinch = null; // {dist} while two fingers are down
  let pressed = null; // the mouse's press: {x, y, sl, st}
  let moved = false; // the last press dragged (its click is not a click)
  const wheel = (e) => {
    // The wheel with Ctrl (or ⌘) zooms, as a touchpad's pinch does (it comes as a wheel with
    // ctrlKey); the plain wheel scrolls as everywhere else: the page, or the zoomed board.
    if (e.deltaY === 0 || !(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    zoomBy(Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.01), e.clientX, e.clientY);
  };
  const dist = () => {
    const [a, b] = [...touches.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  };
  const down = (e) => {
    if (e.pointerType === 'touch') {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) {
        pinch = dist();
        moved = true;
      }
      return;
    }
    if (drag && e.pointerType === 'mouse' && e.button === 0) {
      pressed = { x: e.clientX, y: e.clientY, sl: frame.scrollLeft, st: frame.scrollTop };
      moved = false;
    }
  };
  const move = (e) => {
    if (touches.has(e.pointerId)) {
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && touches.size === 2) {
        const now = dist();
        if (pinch.d > 0 && now.d > 0) zoomBy(now.d / pinch.d, now.x, now.y);
        pinch = now;
      }
      return;
    }
    if (!pressed) return;
    const dx = e.clientX - pressed.x, dy = e.clientY - pressed.y;
    if (!moved && Math.abs(dx) + Math.abs(dy) > 6) moved = true;
    if (moved) {
      frame.scrollLeft = pressed.sl - dx;
      frame.scrollTop = pressed.st - dy;
    }
  };
  const up = (e) => {
    if (touches.delete(e.pointerId)) {
      if (touches.size < 2) pinch = null;
      if (touches.size === 0) setTimeout(() => { moved = false; }, 0);
      return;
    }
    pressed = null;
  };
  const click = (e) => {
    if (moved) {
      e.stopPropagation();
      e.preventDefault();
      moved = false;
    }
  };
  const key = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
    const step = Math.max(40, frame.clientWidth / 5);
    const act = {
      '+': () => zoomBy(1.4), '=': () => zoomBy(1.4), '-': () => zoomBy(1 / 1.4), _: () => zoomBy(1 / 1.4), '0': () => fit(),
      ArrowLeft: () => frame.scrollBy(-step, 0), ArrowRight: () => frame.scrollBy(step, 0),
      ArrowUp: () => frame.scrollBy(0, -step), ArrowDown: () => frame.scrollBy(0, step),
    }[e.key];
    // Arrows pan only when the frame itself has the focus (elsewhere they are the page's).
    if (!act || (e.key.startsWith('Arrow') && e.target !== frame)) return;
    e.preventDefault();
    act();
  };
  frame.addEventListener('wheel', wheel, { passive: false });
  frame.addEventListener('pointerdown', down);
  frame.addEventListener('pointermove', move);
  frame.addEventListener('pointerup', up);
  frame.addEventListener('pointercancel', up);
  frame.addEventListener('pointerleave', up);
  frame.addEventListener('click', click, true);
  frame.addEventListener('keydown', key);
  return () => {
    frame.removeEventListener('wheel', wheel);
    frame.removeEventListener('pointerdown', down);
    frame.removeEventListener('pointermove', move);
    frame.removeEventListener('pointerup', up);
    frame.removeEventListener('pointercancel', up);
    frame.removeEventListener('pointerleave', up);
    frame.removeEventListener('click', click, true);
    frame.removeEventListener('keydown', key);
  };
}

/**
 * Resizes canvas (inside the scrolling frame) to zoom z, keeping the point
 * of the board at (clientX, clientY) — by default the frame's middle — where
 * it was.
 */
export function zoomCanvas(frame, canvas, z, clientX, clientY) {
  const r = frame.getBoundingClientRect();
  const ox = (clientX === undefined ? r.left + frame.clientWidth / 2 : clientX) - r.left - frame.clientLeft;
  const oy = (clientY === undefined ? r.top + frame.clientHeight / 2 : clientY) - r.top - frame.clientTop;
  const w0 = canvas.offsetWidth || 1, h0 = canvas.offsetHeight || 1;
  const fx = (frame.scrollLeft + ox) / w0, fy = (frame.scrollTop + oy) / h0;
  canvas.style.width = z * 100 + '%';
  frame.classList.toggle('zoomed', z > 1);
  frame.scrollLeft = fx * canvas.offsetWidth - ox;
  frame.scrollTop = fy * canvas.offsetHeight - oy;
}

/**
 * A zoomable frame around a board (children), with its + / − / whole
 * buttons. Props: label (the frame's name for screen readers), zoom (the
 * first zoom, default 1: the whole width), onZoom(z) when a zoom settles.
 * The zoom is set on the page directly while it changes (no redraw of the
 * board), then kept in the state.
 */
export class ZoomFrame extends Component {
  constructor(props) {
    super(props);
    this.z = clamp(props.zoom || 1);
    this.state = { z: this.z };
    this.frame = null;
    this.canvas = null;
  }
  componentDidMount() {
    this.off = gestures(this.frame, { zoomBy: (f, x, y) => this.zoomTo(this.z * f, x, y), fit: () => this.zoomTo(1), drag: true });
  }
  componentWillUnmount() {
    if (this.off) this.off();
    clearTimeout(this.settle);
  }
  zoomTo(z, x, y) {
    z = clamp(z);
    if (Math.abs(z - this.z) < 1e-3 || !this.frame || !this.canvas) return;
    this.z = z;
    zoomCanvas(this.frame, this.canvas, z, x, y);
    clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.setState({ z: this.z });
      if (this.props.onZoom) this.props.onZoom(this.z);
    }, 120);
  }
  render({ children, label }, { z }) {
    return html`<div class=${'map-frame' + (z > 1 ? ' zoomed' : '')} ref=${(el) => { this.frame = el; }} tabindex="0"
        aria-label=${(label || 'Map') + ': + and − zoom, arrows move'} data-zoom=${z.toFixed(2)}>
        <div class="map-canvas" ref=${(el) => { this.canvas = el; }} style=${{ width: z * 100 + '%' }}>${children}</div>
      </div>
      <div class="map-tools">
        <button class="small" onClick=${() => this.zoomTo(this.z * 1.5)} aria-label="Zoom in" data-zoom="in">+</button>
        <button class="small" onClick=${() => this.zoomTo(this.z / 1.5)} aria-label="Zoom out" data-zoom="out">−</button>
        <button class="small" onClick=${() => this.zoomTo(1)} data-zoom="whole" disabled=${z <= 1}>Whole map</button>
      </div>`;
  }
}
