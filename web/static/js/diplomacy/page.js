// The Diplomacy game page: the map, order entry by clicking or typing, the
// ready button, the deadline, results, history, press, votes and seats.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { navigate } from '../router.js';
import { ErrorBox, phaseName, cap } from '../ui.js';
import { GameHeader, Seats, InvitePanel, Tabs } from '../games/common.js';
import { Press } from '../games/press.js';
import { Votes } from '../games/votes.js';
import { GameLog } from '../games/log.js';
import { DipMap, loadDrawing } from './map.js';
import { ZoomFrame } from '../zoom.js';
import { extraOrders, eventToEntry, entryToEvent, seenSet, MapChanges, drawingWith } from './variants.js';
import { powerStyles } from './powers.js';
import { Entry, Places, flattenLegal, orderKey, check, normalize, provOf, MODES, coastName } from './orders.js';

const RESULT_CLASS = { succeeds: 'ok', fails: 'fail', invalid: 'invalid' };
const RESULT_ROW = { succeeds: 'res-ok', fails: 'res-fail', invalid: 'res-invalid' };

/** A phase's identity: a new one resets the orders being written. */
const phaseKey = (g) => JSON.stringify([g.game.status, g.view && g.view.board && g.view.board.phase, g.view && g.view.seismic, g.view && g.view.history && g.view.history.length]);

/** Starts loading the map's drawing as soon as the game is read. */
export function prefetch(game) {
  if (game.view && game.view.variant) {
    loadDrawing(game.view.variant).then(() => {
      if (!performance.getEntriesByName('concordat:drawing').length) performance.mark('concordat:drawing');
    }, () => {});
    try { sessionStorage.setItem('concordat:dip-variant:' + game.game.id, game.view.variant); } catch { /* main.js then waits for the game */ }
  }
}

/** A power's mark: its colour, letter and pattern, for lists. */
export function PowerMark({ st }) {
  if (!st) return null;
  return html`<span class=${'mark pat' + st.pattern} style=${{ background: st.colour, color: st.ink }} aria-hidden="true">${st.letter}</span>`;
}

export class DiplomacyGame extends Component {
  constructor(props) {
    super(props);
    this.state = {
      drawing: null, drawErr: null, legal: null, legalErr: null, draft: [], dirty: false,
      save: 'idle', saveErr: null, savedAt: null, verdicts: null, typed: '', typedOpen: false,
      zoom: 1, // the whole map's width, on a phone too (ZoomFrame zooms and pans)
      unread: 0, showLast: true, err: null, step: 0,
    };
    this.key = null;
    this.entry = null;
    this.saveTimer = null;
    this.saving = null;
  }
  componentDidMount() {
    this.sync();
    this.loadUnread();
  }
  componentDidUpdate(prev) {
    if (prev.tick !== this.props.tick) this.sync();
    if (prev.pressTick !== this.props.pressTick || (prev.tab !== this.props.tab && prev.tab === 'press')) this.loadUnread();
  }
  componentWillUnmount() { clearTimeout(this.saveTimer); }

  /** Takes in a new read of the game: the drawing, the legal orders of a new phase, the orders stored. */
  async sync() {
    const { game } = this.props;
    const v = game.view || {};
    if (!this.state.drawing && !this.state.drawErr && v.variant) {
      loadDrawing(v.variant).then((drawing) => this.setState({ drawing }), (drawErr) => this.setState({ drawErr }));
    }
    const k = phaseKey(game);
    if (k !== this.key) {
      this.key = k;
      this.entry = null;
      this.setState({ draft: (v.orders || []).slice(), dirty: false, verdicts: null, save: 'idle', showLast: true, legal: null });
      if (game.you && game.game.status === 'active') {
        try {
          const legal = await games.legal(game.game.id);
          if (this.key === k) this.setState({ legal, legalErr: null });
        } catch (legalErr) { this.setState({ legalErr }); }
      }
    } else if (!this.state.dirty && this.state.save !== 'saving') {
      this.setState({ draft: (v.orders || []).slice() });
    }
  }
  async loadUnread() {
    const { game } = this.props;
    if (!game.you || game.game.status === 'forming' || this.props.tab === 'press') return; // the press tab counts its own
    try {
      const c = await games.channels(game.game.id);
      this.setState({ unread: (c.channels || []).reduce((n, x) => n + x.unread, 0) });
    } catch { /* no count */ }
  }

  /** The map's drawing with the twins the board's edits made (Schizodiplomacy). */
  drawing() {
    return drawingWith(this.state.drawing, this.props.game.view && this.props.game.view.board);
  }
  places() {
    if (this.placesFor !== this.drawing()) {
      this.placesFor = this.drawing();
      const extra = [];
      if (!this.state.drawing && this.state.legal) {
        for (const t of flattenLegal(this.state.legal.options)) for (const w of t.split(' ')) if (/^[a-z][a-z0-9_]*(\/[a-z]{2})?$/.test(w)) extra.push(w);
      }
      this._places = new Places(this.placesFor, extra);
    }
    this._places.multi = !!(this.props.game.view && this.props.game.view.multiplicity); // Multiplicity's notation typed
    return this._places;
  }
  legalList() {
    if (this.legalFor !== this.state.legal) {
      this.legalFor = this.state.legal;
      this._legal = this.state.legal ? flattenLegal(this.state.legal.options) : [];
      this._legalSet = new Set(this._legal);
      this._extra = extraOrders(this.state.legal && this.state.legal.options); // Catspaw
      this.entry = null;
    }
    return this._legal;
  }
  getEntry() {
    const legal = this.legalList();
    // Seismic's events are clicked as orders are: the first province, the event, the second.
    const event = this.state.legal && this.state.legal.options && this.state.legal.options.kind === 'event';
    if (!this.entry && this.state.legal && (this.state.drawing || this.state.drawErr)) this.entry = new Entry(event ? legal.map(eventToEntry) : legal, this.places());
    if (this.entry) this.entry.event = event;
    return this.entry;
  }

  /** Sends an action, retrying with the game's new seq when other seats' writes made ours stale. */
  async act(type, args) {
    const { game } = this.props;
    // The newest seq known: the game's as read, or our own last action's answer.
    let seq = Math.max(game.game.seq, this.lastSeq && this.lastKey === this.key ? this.lastSeq : 0);
    const key = this.key;
    for (let i = 0; ; i++) {
      try {
        const r = await games.act(game.game.id, seq, type, args, game.window);
        if (r && typeof r.seq === 'number') {
          this.lastSeq = r.seq;
          this.lastKey = key;
        }
        return r;
      } catch (e) {
        if (e.code !== 'stale' || i >= 6) throw e;
        const fresh = await games.get(game.game.id);
        if (phaseKey(fresh) !== key) throw new Error('the phase changed before the orders were saved');
        seq = fresh.game.seq;
      }
    }
  }
  setDraft(draft) {
    this.drafts = (this.drafts || 0) + 1; // each draft written, for flush
    this.setState({ draft, dirty: true, save: 'pending', showLast: false });
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.flush(), 350);
  }
  /** Saves the orders being written now (if any change waits). */
  async flush() {
    clearTimeout(this.saveTimer);
    if (this.saving) await this.saving;
    if (!this.state.dirty) return;
    const draft = this.state.draft;
    const sent = this.drafts;
    this.setState({ save: 'saving', saveErr: null });
    this.saving = (async () => {
      try {
        const r = await this.act('orders', { orders: draft });
        const verdicts = r && Array.isArray(r.checks) ? r.checks : null;
        // Orders written while these were sent are not saved yet (the flush setDraft scheduled sends them):
        // "saved" says that the orders shown are stored.
        this.setState({ save: this.drafts !== sent ? 'pending' : 'saved', savedAt: new Date(), verdicts, dirty: this.state.draft !== draft });
      } catch (saveErr) {
        this.setState({ save: 'error', saveErr });
      }
    })();
    await this.saving;
    this.saving = null;
  }
  putOrder(text) {
    const places = this.places();
    if (this.entry && this.entry.event) return this.sendEvent(entryToEvent(text));
    const extra = this._extra;
    if (extra && extra.orders.has(text)) {
      // Catspaw: extra orders are votes, repeats allowed, up to the quota.
      const written = this.state.draft.filter((o) => extra.orders.has(o)).length;
      if (written >= extra.quota) {
        this.setState({ err: new Error(`You may write ${extra.quota} extra order${extra.quota === 1 ? '' : 's'} this phase: remove one first.`) });
        return;
      }
      this.setState({ err: null });
      this.setDraft(this.state.draft.concat([text]));
      return;
    }
    const k = orderKey(text, places, 0);
    let draft = this.state.draft.filter((o) => orderKey(normalize(o, places).text || o, places, 0) !== k || k.startsWith('waive:'));
    if (k.startsWith('waive:')) draft = this.state.draft.slice();
    draft.push(text);
    this.setDraft(draft);
  }
  /** Seismic: the seat's event for the open seismic phase. */
  async sendEvent(event) {
    this.setState({ err: null });
    try {
      await this.act('event', { event });
      this.props.reload();
    } catch (err) { this.setState({ err }); }
  }
  removeOrder(i) {
    const draft = this.state.draft.slice();
    draft.splice(i, 1);
    this.setDraft(draft);
  }
  pick(prov) {
    const e = this.getEntry();
    if (!e) return;
    const t0 = performance.now();
    const done = e.click(prov);
    if (done) this.putOrder(done);
    this.setState({ step: this.state.step + 1, showLast: false }, () => {
      // The time from a click to the highlight drawn (docs/perf.md).
      window.__lastPickMs = performance.now() - t0;
    });
  }
  choose(text) {
    this.getEntry().reset();
    this.putOrder(text);
    this.setState({ step: this.state.step + 1 });
  }
  mode(m) {
    const e = this.getEntry();
    const done = e.setMode(m);
    if (done) this.choose(done);
    else this.setState({ step: this.state.step + 1 });
  }
  cancel() {
    this.getEntry() && this.getEntry().reset();
    this.setState({ step: this.state.step + 1 });
  }
  async ready(on) {
    this.setState({ err: null });
    try {
      await this.flush();
      await this.act('ready', { ready: on });
      this.props.reload();
    } catch (err) { this.setState({ err }); }
  }
  applyTyped() {
    const places = this.places();
    const lines = this.state.typed.split('\n').map((l) => l.trim()).filter(Boolean);
    const byKey = new Map();
    let waives = 0;
    for (const o of this.state.draft) byKey.set(orderKey(o, places, 0), o);
    for (const l of lines) {
      const c = check(l, places, this._legalSet || new Set());
      const k = orderKey(c.text, places, c.text.startsWith('Waive') ? ++waives : 0);
      byKey.set(k, c.text);
    }
    this.setState({ typed: '', typedOpen: false });
    this.setDraft([...byKey.values()]);
  }

  render(props, s) {
    const { game, tab, user } = props;
    const v = game.view || {};
    const g = game.game;
    const styles = this.stylesFor === v.powers ? this._styles : (this._styles = powerStyles(v.powers || {}));
    this.stylesFor = v.powers;
    const name = (id) => (styles[id] ? styles[id].name : cap(id));
    const base = '/games/' + g.id;
    const history = v.history || [];
    const tabs = [['', 'Orders'], ['history', 'History'], ['log', 'Log'], ['press', 'Press', s.unread || 0], ['votes', 'Votes'], ['seats', 'Seats']];
    const atHistory = tab === 'history';
    const hIndex = atHistory ? clampIndex(props.at, history.length) : history.length;
    const places = this.places();
    let board = v.board;
    let orders = [];
    let results = null;
    let phase = v.board && v.board.phase;
    const entry = !atHistory ? this.getEntry() : null;
    if (atHistory && hIndex < history.length) {
      const rec = history[hIndex];
      board = rec.position;
      phase = rec.position.phase;
      results = rec.orders || [];
    } else if (!atHistory && s.showLast && s.draft.length === 0 && history.length > 0 && (!entry || entry.clicks.length === 0)) {
      const rec = history[history.length - 1];
      results = rec.orders || [];
      board = rec.position;
      phase = rec.position.phase;
    }
    if (results) {
      orders = results.map((r) => ({ text: normalize(r.order, places).text || r.order, cls: RESULT_CLASS[r.result] || 'invalid' }));
    } else {
      orders = s.draft.map((t) => ({ text: normalize(t, places).text || t, cls: 'pending' }));
    }
    const showingLast = !atHistory && results;
    const drawing = this.drawing();
    const mapLabel = 'Map of ' + (v.variant || 'the game') + ', ' + phaseName(phase) + (showingLast ? ' (last phase, with its results)' : '');
    const entryOn = entry && !showingLast && g.status === 'active';
    const targets = entryOn && entry.clicks.length ? entry.targets() : null;
    const starts = entryOn && !entry.clicks.length ? entry.starts() : null;
    return html`<div class=${'game dip tab-' + (tab || 'orders')}>
      <${GameHeader} game=${game} live=${props.live}>
        <span class="phase">${phaseName(v.board && v.board.phase)}${v.seismic ? ' (seismic phase)' : ''}</span>
        ${game.you && styles[game.you] && html`<span class="you"><${PowerMark} st=${styles[game.you]} /> ${name(game.you)}</span>`}
      <//>
      <${Tabs} base=${base} current=${tab} tabs=${tabs} />
      <div class="dip-body">
        <div class="board">
          ${atHistory && html`<${HistoryBar} base=${base} index=${hIndex} history=${history} current=${v.board} />`}
          ${showingLast && html`<p class="note">Showing the results of ${phaseName(phase)}.${' '}
            <button class="link" onClick=${() => this.setState({ showLast: false })}>Show the board now</button></p>`}
          ${!showingLast && !atHistory && history.length > 0 && s.draft.length === 0 &&
            html`<p class="note"><button class="link" onClick=${() => this.setState({ showLast: true })}>Show the results of ${phaseName(history[history.length - 1].position.phase)}</button></p>`}
          <${ZoomFrame} label=${mapLabel} zoom=${s.zoom} onZoom=${(zoom) => this.setState({ zoom })}>
            ${drawing ? html`<${DipMap} drawing=${drawing} board=${board} styles=${styles} orders=${orders} places=${places}
              targets=${targets} starts=${starts} selected=${entryOn ? entry.clicks : null} you=${game.you} label=${mapLabel}
              onPick=${entryOn ? (p) => this.pick(p) : null} step=${s.step} pendingEdit=${!atHistory && v.seismic ? v.event : null} />`
            : s.drawErr ? html`<p class="error">${s.drawErr.message}: orders can still be typed.</p>` : html`<p class="loading">Drawing the map…</p>`}
          <//>
          ${v.board && html`<div class="map-tools"><a class="button small sandbox-link" href=${'/sandbox?game=' + g.id + (atHistory && hIndex < history.length ? '&at=' + hIndex : showingLast ? '&at=' + (history.length - 1) : '')}>Open in sandbox</a></div>`}
        </div>
        <div class="legend-cell"><${MapChanges} d=${drawing} board=${board} /><${Legend} styles=${styles} board=${board} counts=${v.centre_counts} you=${game.you} /></div>
        <div class="side">
          ${tab === '' && this.ordersPanel(entry, styles, name, history)}
          ${atHistory && html`<${OrderResults} title=${hIndex < history.length ? 'Orders of ' + phaseName(phase) : 'Now: ' + phaseName(phase)}
            results=${hIndex < history.length ? results : null} name=${name} styles=${styles} />`}
          ${tab === 'log' && html`<${GameLog} game=${game} tick=${props.tick} seatName=${name} />`}
          ${tab === 'press' && html`<${Press} game=${game} tick=${props.pressTick} visible powerName=${name}
            onUnread=${(unread) => this.setState({ unread })} />`}
          ${tab === 'votes' && html`<${Votes} game=${game} tick=${props.voteTick} powerName=${name} onChange=${props.reload} />`}
          ${tab === 'seats' && html`<${Seats} game=${game} user=${user} reload=${props.reload} powerName=${name}
            powerMark=${(x) => html`<${PowerMark} st=${styles[x]} />`} />`}
          ${tab === 'seats' && g.options.private && html`<${InvitePanel} game=${game} />`}
          ${(tab === '' || tab === 'seats') && g.status === 'forming' && html`<p class="note">The game starts when every seat is taken.</p>`}
        </div>
      </div>
    </div>`;
  }

  ordersPanel(entry, styles, name, history) {
    const { game } = this.props;
    const s = this.state;
    const v = game.view || {};
    const g = game.game;
    const last = history.length ? history[history.length - 1] : null;
    const lastResults = last && html`<${OrderResults} title=${'Results of ' + phaseName(last.position.phase)} results=${last.orders || []}
      name=${name} styles=${styles} mine=${game.you} />`;
    if (g.status === 'forming') {
      return html`<${Seats} game=${game} user=${this.props.user} reload=${this.props.reload} powerName=${name}
        powerMark=${(x) => html`<${PowerMark} st=${styles[x]} />`} />${g.options.private && html`<${InvitePanel} game=${game} />`}`;
    }
    if (!game.you || g.status !== 'active') {
      return html`<section class="card">
        ${g.status === 'finished' ? html`<p><strong>The game is over${g.result ? ': ' + g.result : ''}.</strong></p>` : html`<p>You are watching this game.</p>`}
        ${v.waiting && v.waiting.length > 0 && g.status === 'active' && html`<p>Waiting for: ${v.waiting.map(name).join(', ')}</p>`}
      </section>${lastResults}`;
    }
    const places = this.places();
    const kind = s.legal && s.legal.options && s.legal.options.kind;
    const owes = game.pending.length > 0;
    const legalSet = this._legalSet || new Set();
    const typedLines = s.typed.split('\n').filter((l) => l.trim());
    const verdict = (o) => (s.verdicts ? s.verdicts.find((x) => x.item === o) : null);
    const balance = buildBalance(v.board, game.you);
    return html`<section class="orders-panel" aria-label="Your orders">
      <div class="row status-row">
        <span class=${'save ' + s.save} role="status" aria-live="polite">${
          s.save === 'saved' ? '✓ Orders saved ' + s.savedAt.toLocaleTimeString() :
          s.save === 'saving' || s.save === 'pending' ? 'Saving…' :
          s.save === 'error' ? 'Not saved: ' + s.saveErr.message : owes ? (v.orders && v.orders.length ? 'Orders in' : 'Orders owed') : 'Nothing owed this phase'}</span>
        ${owes && html`<button class=${'ready ' + (v.ready ? 'on' : 'primary')} aria-pressed=${!!v.ready}
          onClick=${() => this.ready(!v.ready)}>${v.ready ? '✓ Ready (undo)' : 'Ready'}</button>`}
      </div>
      ${v.waiting && html`<p class="small-print">Waiting for ${v.waiting.length ? v.waiting.map(name).join(', ') : 'nobody'}.</p>`}
      ${balance && html`<p class="note">${balance}</p>`}
      <${ErrorBox} err=${s.err || s.legalErr} />
      ${game.pending.map((p, i) => html`<p class="prompt" key=${i}>${cap(p.text)}.</p>`)}
      ${kind === 'event' && v.event && html`<p class="note">Your event: <code>${v.event}</code> (it happens when the phase ends).</p>`}
      ${(kind === 'orders' || kind === 'event') && entry && this.entryHelp(entry, places)}
      ${this._extra && this._extra.quota > 0 && html`<p class="note extra-quota">${'Extra orders for unplayed powers (Catspaw): ' +
        s.draft.filter((o) => this._extra.orders.has(o)).length + ' of ' + this._extra.quota + ' written; repeats count as votes.'}</p>`}
      ${kind && kind !== 'orders' && html`<${OtherAction} kind=${kind} legal=${this._legal || []} act=${(t, a) => this.act(t, a).then(this.props.reload)} />`}
      <h2>Your orders</h2>
      ${s.draft.length === 0 ? html`<p class="empty">No orders yet${v.board && v.board.phase && v.board.phase.type === 'movement' ? ': units without orders hold' : ''}.</p>` :
        html`<ol class="order-list">${s.draft.map((o, i) => {
          const c = check(o, places, legalSet);
          const vd = verdict(o);
          const ok = vd ? vd.valid !== false : c.ok || !s.legal;
          const extra = this._extra && this._extra.orders.has(o);
          return html`<li key=${o + i} class=${(ok ? '' : 'bad') + (extra ? ' extra' : '')}><code>${o}</code>${extra && html` <span class="badge info">extra</span>`}
            ${!ok && html`<span class="why">⚠ ${vd && vd.reason ? vd.reason : c.message}</span>`}
            <button class="small" onClick=${() => this.removeOrder(i)} aria-label=${'Remove the order ' + o}>✕</button></li>`;
        })}</ol>`}
      <details class="typed" open=${s.typedOpen} onToggle=${(e) => this.setState({ typedOpen: e.target.open })}>
        <summary>Type orders</summary>
        <label>One order a line, e.g. <code>A par - bur</code>, <code>F lon S A wal - bel</code>, <code>Build A par</code>
          <textarea name="typed" rows="4" value=${s.typed} spellcheck="false" autocapitalize="off"
            onInput=${(e) => this.setState({ typed: e.target.value })}></textarea></label>
        <ul class="checks" aria-live="polite">${typedLines.map((l, i) => {
          const c = check(l, places, legalSet);
          return html`<li key=${i} class=${c.ok ? 'ok' : 'bad'}>${c.ok ? '✓' : '⚠'} <code>${c.text}</code> ${c.message}</li>`;
        })}</ul>
        <button disabled=${typedLines.length === 0} onClick=${() => this.applyTyped()}>Use these orders</button>
      </details>
      ${lastResults}
    </section>`;
  }

  entryHelp(entry, places) {
    const d = this.drawing();
    const nameOf = (p) => (d && d.byId[p] ? d.byId[p].name : p);
    const k = entry.clicks.length;
    const placeless = entry.placeless();
    if (k === 0) {
      const starts = [...entry.starts()];
      const labelOf = (p) => {
        const o = entry.all.find((x) => x.locs.length && provOf(x.locs[0]) === p);
        const label = o.words[0] === 'Build' ? 'Build in ' + nameOf(p) : entry.event ? nameOf(p) : o.words.slice(0, o.words.indexOf(o.locs[0]) + 1).join(' ');
        return this._extra && this._extra.orders.has(o.text) ? label + ' (extra)' : label;
      };
      return html`<div class="entry">
        <p>${starts.length ? 'Click a unit on the map, or pick it here:' : 'No unit to order.'}</p>
        <div class="choices">
          ${starts.map((p) => html`<button class="small" key=${p} data-start=${p} onClick=${() => this.pick(p)}>${labelOf(p)}</button>`)}
          ${placeless.map((o) => html`<button class="small" key=${o.text} onClick=${() => this.choose(o.text)}>${o.text}</button>`)}
        </div></div>`;
    }
    const first = entry.candidates(true)[0];
    const unit = first ? first.words.slice(0, first.words.indexOf(first.locs[0]) + 1).join(' ') : entry.clicks[0];
    const modes = entry.modes();
    const targets = [...entry.targets()];
    const done = entry.complete();
    const showDone = done.length > 1 || (done.length === 1 && (targets.length > 0 || k === 1));
    const doneLabel = (o) => {
      const last = o.locs[o.locs.length - 1];
      if (o.words.includes('Convoy') && o.words.includes('via')) return 'by convoy';
      if (last && last.includes('/')) return coastName(last.split('/')[1]);
      if (o.mode === 'S' && o.locs.length === 2) return 'support to hold';
      return o.text;
    };
    return html`<div class="entry">
      <p><strong>${unit}</strong>: ${k === 1 ? 'choose the order, then its target on the map or here.' : 'choose where.'}</p>
      ${modes.length > 1 && html`<div class="choices modes" role="group" aria-label="Order type">
        ${modes.map((m) => html`<button class=${'small' + (entry.mode === m ? ' on' : '')} aria-pressed=${entry.mode === m} key=${m}
          data-mode=${m} onClick=${() => this.mode(m)}>${MODES[m] || m}</button>`)}</div>`}
      ${targets.length > 0 && html`<div class="choices targets" role="group" aria-label="Targets">
        ${targets.map((p) => html`<button class="small" key=${p} data-target=${p} onClick=${() => this.pick(p)}>${nameOf(p)}</button>`)}</div>`}
      ${showDone && html`<div class="choices" role="group" aria-label="Complete orders">
        ${done.map((o) => html`<button class="small primary" key=${o.text} onClick=${() => this.choose(o.text)}>${doneLabel(o)}</button>`)}</div>`}
      <button class="small link" onClick=${() => this.cancel()}>Cancel</button>
    </div>`;
  }
}

/** "You may build 2" / "You must disband 1" in an adjustment phase. */
function buildBalance(board, you) {
  if (!board || !board.phase || board.phase.type !== 'adjustment' || !you) return null;
  const centres = Object.values(board.centers || {}).filter((p) => p === you).length;
  const units = (board.units || []).filter((u) => u.power === you).length;
  if (centres > units) return `You may build ${centres - units} (${centres} centres, ${units} units).`;
  if (units > centres) return `You must disband ${units - centres} (${centres} centres, ${units} units).`;
  return null;
}

const clampIndex = (at, n) => {
  const i = at === undefined || at === '' ? n : parseInt(at, 10);
  return Number.isFinite(i) ? Math.max(0, Math.min(n, i)) : n;
};

/** Steps through the phases: first, back, forward, now, and a list of every phase. */
class HistoryBar extends Component {
  go(i) {
    navigate(this.props.base + '/history/' + i);
  }
  render({ index, history: h, current }) {
    const n = h.length;
    const label = (i) => (i < n ? phaseName(h[i].position.phase) : 'Now: ' + phaseName(current && current.phase));
    return html`<div class="history-bar" role="group" aria-label="History" onKeyDown=${(e) => {
      if (e.key === 'ArrowLeft' && index > 0) this.go(index - 1);
      if (e.key === 'ArrowRight' && index < n) this.go(index + 1);
    }}>
      <button class="small" disabled=${index === 0} onClick=${() => this.go(0)} aria-label="First phase">First</button>
      <button class="small" disabled=${index === 0} onClick=${() => this.go(index - 1)} aria-label="Previous phase" data-step="prev">◀</button>
      <select aria-label="Phase" value=${index} onChange=${(e) => this.go(e.target.value)}>
        ${Array.from({ length: n + 1 }, (_, i) => html`<option value=${i}>${label(i)}</option>`)}
      </select>
      <button class="small" disabled=${index >= n} onClick=${() => this.go(index + 1)} aria-label="Next phase" data-step="next">▶</button>
      <button class="small" disabled=${index >= n} onClick=${() => this.go(n)} aria-label="Now">Now</button>
    </div>`;
  }
}

/** The orders of a resolved phase with their results and reasons, by power. */
export function OrderResults({ title, results, name, styles, mine }) {
  if (!results) return html`<section class="card"><h2>${title}</h2><p>This phase is not resolved yet.</p></section>`;
  const byPower = {};
  for (const r of results) (byPower[r.power] = byPower[r.power] || []).push(r);
  const powers = Object.keys(byPower).sort((a, b) => (a === mine ? -1 : b === mine ? 1 : a.localeCompare(b)));
  const word = { succeeds: 'succeeded', fails: 'failed', invalid: 'invalid' };
  return html`<section class="card results" aria-label=${title}>
    <h2>${title}</h2>
    ${results.length === 0 && html`<p>No orders.</p>`}
    ${powers.map((p) => html`<div key=${p} class="power-results">
      <h3><${PowerMark} st=${styles[p]} /> ${name(p)}</h3>
      <ul class="plain">${byPower[p].map((r, i) => html`<li key=${i} class=${'result ' + (RESULT_ROW[r.result] || '')}>
        <code>${r.order}</code> <span class="verdict">${word[r.result] || r.result}</span>${r.reason ? html` <small>${r.reason}</small>` : ''}</li>`)}</ul>
    </div>`)}
  </section>`;
}

/** The powers: mark, name, centres and units. */
export function Legend({ styles, board, counts, you }) {
  const ids = Object.keys(styles);
  const fog = !!seenSet(board);
  const seenCount = (n) => (n ? n + ' seen' : '?');
  const centres = {}, units = {};
  for (const p of Object.values((board && board.centers) || {})) centres[p] = (centres[p] || 0) + 1;
  for (const u of (board && board.units) || []) units[u.power] = (units[u.power] || 0) + 1;
  return html`<table class="legend plain"><caption class="sr-only">Powers</caption>
    <thead><tr><th scope="col">Power</th><th scope="col">Centres</th><th scope="col">Units</th></tr></thead>
    <tbody>${ids.map((id) => html`<tr key=${id} class=${id === you ? 'you' : ''}>
      <th scope="row"><${PowerMark} st=${styles[id]} /> ${styles[id].name}</th>
      <td>${counts ? counts[id] || 0 : fog && id !== you ? seenCount(centres[id]) : centres[id] || 0}</td>
      <td>${counts ? '?' : fog && id !== you ? seenCount(units[id]) : units[id] || 0}</td></tr>`)}</tbody></table>
    ${fog && html`<p class="small-print">Fog of War: the others' centres and units are counted as far as you see them.</p>`}`;
}

/** A decision that is not plain orders (a seismic event, Payola offers, bids…): its legal answers listed, the action typed. */
class OtherAction extends Component {
  constructor() {
    super();
    this.state = { text: '', err: null, ok: false };
  }
  async send() {
    const { kind, act } = this.props;
    this.setState({ err: null, ok: false });
    try {
      let args;
      try { args = JSON.parse(this.state.text); } catch { args = { [kindArg(kind)]: this.state.text.trim() }; }
      await act(kind, args);
      this.setState({ ok: true });
    } catch (err) { this.setState({ err }); }
  }
  render({ kind, legal }, { text, err, ok }) {
    return html`<div class="card other-action">
      <h2>${cap(kind)}</h2>
      <p>This phase asks for “${kind}”: type the answer (or its JSON arguments).</p>
      ${legal.length > 0 && html`<details><summary>${legal.length} legal answers</summary><ul class="plain legal-list">
        ${legal.slice(0, 200).map((t) => html`<li key=${t}><button class="link" onClick=${() => this.setState({ text: t })}>${t}</button></li>`)}</ul></details>`}
      <textarea rows="3" aria-label="Answer" value=${text} onInput=${(e) => this.setState({ text: e.target.value })}></textarea>
      <button onClick=${() => this.send()}>Send</button>
      ${ok && html`<p class="ok" role="status">Sent.</p>`}
      <${ErrorBox} err=${err} />
    </div>`;
  }
}

/** The argument name of a Diplomacy action type. */
const kindArg = (kind) => ({ event: 'event', ahead: 'orders', offers: 'offers', bids: 'bids', preferences: 'preferences', protect: 'protect' }[kind] || kind);

