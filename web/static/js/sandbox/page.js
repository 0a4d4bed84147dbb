// The sandbox (/sandbox): any Diplomacy position — a phase of a game
// (?game=<id>&at=<n>, n a history index; no n: the game's current phase) or a
// free board of any map (?map=<id>) — whose pieces the player moves, adds
// and removes (units of any power, dislodged or not, supply-centre owners),
// with orders for every power entered by clicking (from the legal orders of
// POST /api/adjudicate/legal) or typed, adjudicated at once by POST
// /api/adjudicate and drawn on the map as a game's results are.
import { html, Component } from '../lib.js';
import { get, post, games } from '../api.js';
import { query } from '../router.js';
import { ErrorBox, Page, phaseName, cap } from '../ui.js';
import { DipMap, loadDrawing } from '../diplomacy/map.js';
import { ZoomFrame } from '../zoom.js';
import { powerStyles } from '../diplomacy/powers.js';
import { PowerMark, OrderResults, Legend } from '../diplomacy/page.js';
import { Entry, Places, orderKey, check, normalize, parse, provOf, MODES, coastName } from '../diplomacy/orders.js';
import * as P from './position.js';

const RESULT_CLASS = { succeeds: 'ok', fails: 'fail', invalid: 'invalid' };
const TOOLS = [['orders', 'Orders'], ['army', 'Army'], ['fleet', 'Fleet'], ['remove', 'Remove'], ['centre', 'Centre owner']];
const EDITIONS = ['1971', '1982', '2000', '2023'];

/** The sandbox's address for a game's phase (at: a history index; none: now). */
export const sandboxLink = (id, at) => '/sandbox?game=' + id + (at === undefined || at === null ? '' : '&at=' + at);

export class Sandbox extends Component {
  constructor() {
    super();
    this.state = {
      variant: null, rules: '2023', powers: {}, pos: null, orders: [], source: null, drawing: null, maps: null,
      legal: null, legalErr: null, result: null, resultErr: null, resultKey: null, err: null, tool: 'orders',
      power: '', typed: '', after: false, prov: '', zoom: 1, step: 0, note: '',
    };
    this.entry = null;
    this.serial = 0;
    this.legalSerial = 0;
  }
  componentDidMount() {
    get('/variants').then((v) => {
      const d = (v.games || []).find((g) => g.game === 'diplomacy');
      this.setState({ maps: d ? d.variants || [] : [] });
    }, () => this.setState({ maps: [] }));
    const q = query();
    if (q.get('game')) this.fromGame(q.get('game'), q.get('at'));
    else this.freeBoard(q.get('map') || 'standard');
  }
  componentWillUnmount() { clearTimeout(this.timer); clearTimeout(this.legalTimer); }

  /** Opens a phase of a game: a history index at, or the game's current phase. */
  async fromGame(id, at) {
    try {
      const g = await games.get(id);
      const v = g.view || {};
      if (g.game.game !== 'diplomacy' || !v.board) throw new Error('game ' + id + ' is not a Diplomacy game with a board');
      const h = v.history || [];
      const i = at === null || at === undefined || at === '' ? h.length : Math.max(0, Math.min(h.length, parseInt(at, 10) || 0));
      let pos, orders;
      if (i < h.length) {
        pos = P.fromBoard(h[i].position);
        orders = (h[i].orders || []).map((r) => ({ power: r.power, text: r.order }));
      } else {
        pos = P.fromBoard(v.board);
        orders = (v.orders || []).map((t) => ({ power: g.you, text: t }));
      }
      const source = { id: g.game.id, name: g.game.name, at: i, now: i >= h.length, phase: pos.phase };
      this.load(v.variant, v.rules || '2023', v.powers || {}, pos, orders, source);
    } catch (err) { this.setState({ err }); }
  }
  /** Opens the opening position of map id. */
  async freeBoard(id) {
    try {
      const m = await get('/variants/' + encodeURIComponent(id) + '?game=diplomacy');
      const powers = {};
      for (const p of m.all_powers || []) powers[p.id] = p.name;
      this.load(m.id, this.state.rules, powers, P.fromBoard(m.start), [], null);
    } catch (err) { this.setState({ err }); }
  }
  load(variant, rules, powers, pos, orders, source) {
    const first = Object.keys(powers).sort()[0] || '';
    this.entry = null;
    this.setState({ variant, rules, powers, pos, orders, source, power: first, result: null, legal: null, after: false, err: null, drawing: this.state.variant === variant ? this.state.drawing : null });
    loadDrawing(variant).then((drawing) => { this.entry = null; this.setState({ drawing }); }, (err) => this.setState({ err }));
    this.changed(true);
  }

  /** Schedules the legal orders (when the position changed) and the adjudication. */
  changed(position) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.adjudicate(), 200);
    if (position) {
      if (!this.state.legalPending) this.setState({ legalPending: true });
      clearTimeout(this.legalTimer);
      this.legalTimer = setTimeout(() => this.loadLegal(), 150);
    }
  }
  input() {
    const s = this.state;
    return P.phaseInput(s.variant, s.rules, s.pos, s.orders);
  }
  async loadLegal() {
    const n = ++this.legalSerial;
    try {
      const { orders, ...input } = this.input();
      const r = await post('/adjudicate/legal', { ...input, orders: {} });
      if (n !== this.legalSerial) return;
      const legal = r.orders || {};
      // The same orders as before (a centre changed hands): the entry keeps its clicks.
      if (JSON.stringify(legal) === JSON.stringify(this.state.legal)) this.setState({ legalPending: false, legalErr: null });
      else { this.entry = null; this.setState({ legal, legalErr: null, legalPending: false }); }
    } catch (legalErr) {
      if (n === this.legalSerial) { this.entry = null; this.setState({ legal: {}, legalErr, legalPending: false }); }
    }
  }
  async adjudicate() {
    const n = ++this.serial;
    const input = this.input();
    const key = JSON.stringify(input);
    try {
      const result = await post('/adjudicate', input);
      if (n === this.serial) this.setState({ result, resultErr: null, resultKey: key });
    } catch (resultErr) {
      if (n === this.serial) this.setState({ result: null, resultErr, resultKey: key });
    }
  }

  places() {
    if (this.placesFor !== this.state.drawing) {
      this.placesFor = this.state.drawing;
      this._places = new Places(this.state.drawing);
    }
    return this._places;
  }
  getEntry() {
    const s = this.state;
    if (!this.entry && s.legal && s.drawing) {
      const all = [];
      this.legalPower = new Map();
      for (const [p, list] of Object.entries(s.legal)) for (const t of list) { all.push(t); this.legalPower.set(t, p); }
      this.legalSet = new Set(all);
      this.entry = new Entry(all, this.places());
    }
    return this.entry;
  }
  /** The power an order is for: the legal list's, else the unit's, else the centre's owner, else the chosen power. */
  powerOf(text) {
    const s = this.state;
    if (this.legalPower && this.legalPower.has(text)) return this.legalPower.get(text);
    const o = parse(text, this.places());
    const prov = o.locs[0] && provOf(o.locs[0]);
    const u = prov && (P.unitIn(s.pos, prov, s.pos.phase.type === 'retreat') || P.unitIn(s.pos, prov));
    if (u) return u.power;
    if (prov && s.pos.centers[prov]) return s.pos.centers[prov];
    return s.power;
  }
  setOrders(orders) {
    this.setState({ orders, after: false });
    this.changed(false);
  }
  putOrder(text) {
    const places = this.places();
    const k = orderKey(text, places, 0);
    const orders = k.startsWith('waive:') ? this.state.orders.slice()
      : this.state.orders.filter((o) => orderKey(normalize(o.text, places).text || o.text, places, 0) !== k);
    orders.push({ power: this.powerOf(text), text });
    this.setOrders(orders);
  }
  setPos(pos, note) {
    this.entry = null;
    this.setState({ pos, after: false, note: note || '' });
    this.changed(true);
  }

  pick(prov) {
    const s = this.state;
    if (s.tool !== 'orders') return this.edit(prov);
    const e = this.getEntry();
    if (!e) return;
    const done = e.click(prov);
    if (done) this.putOrder(done);
    this.setState({ step: s.step + 1, after: false });
  }
  /** Applies the edit tool to province prov. */
  edit(prov) {
    const s = this.state;
    const d = s.drawing;
    const p = d && d.byId[prov];
    if (!p) return;
    const dislodged = s.dislodged;
    if (s.tool === 'army') {
      if (p.kind === 'sea') return this.setState({ note: 'An army cannot stand at sea (' + p.name + ').' });
      this.setPos(P.place(s.pos, { power: s.power, type: 'army', at: prov }, dislodged), dislodged && s.pos.phase.type !== 'retreat' ? 'Dislodged units stand only in a retreat phase: the phase is now a retreat.' : '');
    } else if (s.tool === 'fleet') {
      if (p.kind === 'land') return this.setState({ note: 'A fleet cannot stand inland (' + p.name + ').' });
      const coasts = Object.keys(p.coasts || {});
      let at = prov;
      if (coasts.length) {
        // A second click on a fleet of the same power moves it to the next coast.
        const old = P.unitIn(s.pos, prov, dislodged);
        const i = old && old.type === 'fleet' && old.power === s.power ? (coasts.indexOf(old.at.split('/')[1]) + 1) % coasts.length : 0;
        at = prov + '/' + coasts[i];
      }
      this.setPos(P.place(s.pos, { power: s.power, type: 'fleet', at }, dislodged),
        coasts.length ? `Fleet on the ${coastName(at.split('/')[1])} of ${p.name}${coasts.length > 1 ? ' (place it again for the other coast)' : ''}.` : '');
    } else if (s.tool === 'remove') {
      this.setPos(P.remove(s.pos, prov));
    } else if (s.tool === 'centre') {
      if (!p.sc) return this.setState({ note: p.name + ' is no supply centre.' });
      const owner = s.pos.centers[prov] === s.power ? '' : s.power;
      this.setPos(P.setCentre(s.pos, prov, owner), p.name + (owner ? ' now belongs to ' + (s.powers[owner] || owner) : ' is now neutral') + '.');
    }
  }
  mode(m) {
    const e = this.getEntry();
    const done = e.setMode(m);
    if (done) { e.reset(); this.putOrder(done); }
    this.setState({ step: this.state.step + 1 });
  }
  choose(text) {
    this.getEntry().reset();
    this.putOrder(text);
    this.setState({ step: this.state.step + 1 });
  }
  cancel() {
    if (this.entry) this.entry.reset();
    this.setState({ step: this.state.step + 1 });
  }
  applyTyped() {
    const places = this.places();
    let orders = this.state.orders.slice();
    for (const l of this.state.typed.split('\n').map((x) => x.trim()).filter(Boolean)) {
      const c = check(l, places, this.legalSet || new Set());
      const k = orderKey(c.text, places, 0);
      if (!k.startsWith('waive:')) orders = orders.filter((o) => orderKey(normalize(o.text, places).text || o.text, places, 0) !== k);
      orders.push({ power: this.powerOf(c.text), text: c.text });
    }
    this.setState({ typed: '' });
    this.setOrders(orders);
  }
  continueFromResult() {
    const next = this.state.result && this.state.result.next;
    if (!next) return;
    this.setState({ orders: [], source: this.state.source && { ...this.state.source, continued: true } });
    this.setPos(P.fromBoard(next), 'The position after ' + phaseName(this.state.pos.phase) + '.');
  }

  render(_, s) {
    if (s.err && !s.pos) return html`<${Page} title="Sandbox"><${ErrorBox} err=${s.err} /><p><a href="/sandbox">A free board</a> · <a href="/">the lobby</a></p><//>`;
    if (!s.pos) return html`<p class="loading">Loading the sandbox…</p>`;
    const styles = this.stylesFor === s.powers ? this._styles : (this._styles = powerStyles(s.powers));
    this.stylesFor = s.powers;
    const name = (id) => (styles[id] ? styles[id].name : cap(id));
    const places = this.places();
    const current = s.result && s.resultKey === JSON.stringify(this.input());
    const entry = s.tool === 'orders' ? this.getEntry() : null;
    const after = s.after && current && s.result.next;
    const board = after ? s.result.next : s.pos;
    const resultOf = (o) => current && s.result.orders.find((r) => r.power === o.power && r.order === o.text);
    const orders = after ? [] : s.orders.map((o) => {
      const r = resultOf(o);
      return { text: normalize(o.text, places).text || o.text, cls: r ? RESULT_CLASS[r.result] || 'invalid' : 'pending' };
    });
    const d = s.drawing;
    const editing = s.tool !== 'orders' && !after;
    const all = this.allProvs === d ? this._all : (this._all = new Set(d ? d.provinces.map((p) => p.id) : []));
    this.allProvs = d;
    const targets = entry && !after && entry.clicks.length ? entry.targets() : null;
    const starts = editing ? all : entry && !after && !entry.clicks.length ? entry.starts() : null;
    const onPick = after ? null : (p) => this.pick(p);
    const src = s.source;
    return html`<div class="game dip sandbox">
      <div class="game-head sandbox-head">
        <h1>Sandbox</h1>
        <span class="phase">${phaseName(s.pos.phase)}</span>
        <span class="small-print">${src ? html`from <a href=${'/games/' + src.id + (src.now ? '' : '/history/' + src.at)}>${src.name}, ${phaseName(src.phase)}</a>${src.continued ? ' (played on)' : ''}` : 'a free board'} · nothing here changes any game</span>
      </div>
      <${SetupBar} s=${s} onMap=${(id) => { history.replaceState(null, '', '/sandbox?map=' + encodeURIComponent(id)); this.freeBoard(id); }}
        onRules=${(rules) => { this.setState({ rules }); this.changed(true); }}
        onPhase=${(phase) => this.setPos(P.setPhase(s.pos, phase), phase.type !== 'retreat' && s.pos.dislodged.length ? 'Dislodged units exist only in a retreat phase: they are gone.' : '')}
        onReset=${() => (src ? this.fromGame(src.id, src.now ? null : src.at) : this.freeBoard(s.variant))}
        onEmpty=${() => { this.setState({ orders: [] }); this.setPos({ ...s.pos, units: [], dislodged: [] }); }} />
      <div class="dip-body">
        <div class="board">
          <${Tools} s=${s} styles=${styles} onTool=${(tool) => { this.cancel(); this.setState({ tool, note: '' }); }}
            onPower=${(power) => this.setState({ power })} onDislodged=${(v) => this.setState({ dislodged: v })} />
          ${s.note && html`<p class="note" role="status">${s.note}</p>`}
          <div class=${editing ? 'sandbox-editing' : ''}>
            <${ZoomFrame} label=${'Sandbox map'} zoom=${s.zoom} onZoom=${(zoom) => this.setState({ zoom })}>
              ${d ? html`<${DipMap} drawing=${d} board=${board} styles=${styles} orders=${orders} places=${places} targets=${targets}
                starts=${starts} selected=${entry && !after ? entry.clicks : null} label=${'Sandbox map, ' + phaseName(board.phase) + (after ? ' (after the adjudication)' : '')}
                onPick=${onPick} step=${s.step} />` : html`<p class="loading">Drawing the map…</p>`}
            <//>
          </div>
          ${current && html`<div class="map-tools"><button class=${'small' + (s.after ? ' on' : '')} aria-pressed=${!!s.after} data-after
            onClick=${() => this.setState({ after: !s.after })}>${s.after ? 'Show the orders' : 'Show the position after'}</button></div>`}
        </div>
        <div class="legend-cell"><${Legend} styles=${styles} board=${board} /></div>
        <div class="side">
          ${editing && this.editPanel(styles, name)}
          ${s.tool === 'orders' && this.ordersPanel(entry, styles, name)}
          ${this.resultPanel(current, styles, name)}
        </div>
      </div>
    </div>`;
  }

  editPanel(styles, name) {
    const s = this.state;
    const d = s.drawing;
    const provs = d ? d.provinces.slice().sort((a, b) => a.name.localeCompare(b.name)) : [];
    const what = { army: 'place an army of ' + name(s.power), fleet: 'place a fleet of ' + name(s.power), remove: 'remove the units there', centre: 'give the centre to ' + name(s.power) + ' (again: neutral)' }[s.tool];
    return html`<section class="orders-panel sandbox-edit" aria-label="Edit the position">
      <h2>Edit the position</h2>
      <p>Click a province to ${what}${s.dislodged && (s.tool === 'army' || s.tool === 'fleet') ? ', dislodged' : ''}, or choose it here:</p>
      <div class="row">
        <select aria-label="Province" name="edit-prov" value=${s.prov} onChange=${(e) => this.setState({ prov: e.target.value })}>
          <option value="">Province…</option>
          ${provs.map((p) => html`<option key=${p.id} value=${p.id}>${p.name}</option>`)}
        </select>
        <button class="small" disabled=${!s.prov} data-apply onClick=${() => this.edit(s.prov)}>Apply</button>
      </div>
      ${s.pos.dislodged.length > 0 && html`<h3>Dislodged units</h3><ul class="plain">${s.pos.dislodged.map((u) => html`<li key=${u.at}>
        <${PowerMark} st=${styles[u.power]} /> ${u.type === 'fleet' ? 'F' : 'A'} ${u.at}, attacked from
        <select aria-label=${'Attacker of ' + u.at} value=${u.attacker_from || provOf(u.at)}
          onChange=${(e) => this.setPos(P.setAttacker(s.pos, provOf(u.at), e.target.value))}>
          <option value=${provOf(u.at)}>(not said)</option>
          ${provs.filter((p) => p.id !== provOf(u.at)).map((p) => html`<option key=${p.id} value=${p.id}>${p.name}</option>`)}
        </select></li>`)}</ul>`}
    </section>`;
  }

  ordersPanel(entry, styles, name) {
    const s = this.state;
    const places = this.places();
    const legalSet = this.legalSet || new Set();
    const typedLines = s.typed.split('\n').filter((l) => l.trim());
    const byPower = {};
    s.orders.forEach((o, i) => (byPower[o.power] = byPower[o.power] || []).push([o, i]));
    return html`<section class="orders-panel" aria-label="Orders of every power" aria-busy=${!!s.legalPending}>
      <${ErrorBox} err=${s.legalErr} />
      ${entry ? this.entryHelp(entry) : html`<p class="loading">Reading the legal orders…</p>`}
      <h2>Orders</h2>
      ${s.orders.length === 0 ? html`<p class="empty">No orders yet: units without orders hold.</p>` :
        Object.keys(byPower).sort().map((p) => html`<div key=${p} class="power-orders"><h3><${PowerMark} st=${styles[p]} /> ${name(p)}</h3>
          <ol class="order-list">${byPower[p].map(([o, i]) => {
            const c = check(o.text, places, legalSet);
            return html`<li key=${o.text + i} class=${c.ok || !s.legal ? '' : 'bad'}><code>${o.text}</code>
              ${!c.ok && s.legal && html`<span class="why">⚠ ${c.message}</span>`}
              <button class="small" onClick=${() => this.setOrders(s.orders.filter((_, j) => j !== i))} aria-label=${'Remove the order ' + o.text}>✕</button></li>`;
          })}</ol></div>`)}
      ${s.orders.length > 0 && html`<button class="small" onClick=${() => this.setOrders([])}>Clear the orders</button>`}
      <details class="typed">
        <summary>Type orders</summary>
        <label>One order a line, for any power: <code>A par - bur</code>, <code>F lon S A wal - bel</code>, <code>Build A par</code>
          (illegal orders are kept, and the adjudicator says why they fail)
          <textarea name="typed" rows="4" value=${s.typed} spellcheck="false" autocapitalize="off"
            onInput=${(e) => this.setState({ typed: e.target.value })}></textarea></label>
        <ul class="checks" aria-live="polite">${typedLines.map((l, i) => {
          const c = check(l, places, legalSet);
          return html`<li key=${i} class=${c.ok ? 'ok' : 'bad'}>${c.ok ? '✓' : '⚠'} <code>${c.text}</code> ${c.ok ? name(this.powerOf(c.text)) : c.message}</li>`;
        })}</ul>
        <button disabled=${typedLines.length === 0} onClick=${() => this.applyTyped()}>Use these orders</button>
      </details>
    </section>`;
  }

  entryHelp(entry) {
    const d = this.state.drawing;
    const nameOf = (p) => (d && d.byId[p] ? d.byId[p].name : p);
    const k = entry.clicks.length;
    if (k === 0) {
      const n = entry.starts().size;
      const placeless = entry.placeless();
      return html`<div class="entry"><p>${n ? `Click a unit of any power on the map (${n} to order), then its order and target.` : 'No unit can be ordered in this phase.'}</p>
        ${placeless.length > 0 && html`<div class="choices">${placeless.map((o) => html`<button class="small" key=${o.text} onClick=${() => this.choose(o.text)}>${o.text} (${this.powerOf(o.text)})</button>`)}</div>`}</div>`;
    }
    const first = entry.candidates(true)[0];
    const unit = first ? first.words.slice(0, first.words.indexOf(first.locs[0]) + 1).join(' ') : entry.clicks[0];
    const modes = entry.modes();
    const targets = [...entry.targets()];
    const done = entry.complete();
    const showDone = done.length > 1 || (done.length === 1 && (targets.length > 0 || k === 1));
    const label = (o) => {
      const last = o.locs[o.locs.length - 1];
      if (o.words.includes('via')) return 'by convoy';
      if (last && last.includes('/') && o.locs.length > 1) return coastName(last.split('/')[1]);
      if (o.mode === 'S' && o.locs.length === 2) return 'support to hold';
      return o.text;
    };
    return html`<div class="entry">
      <p><strong>${unit}</strong>${first ? ' (' + (this.state.powers[this.powerOf(first.text)] || '') + ')' : ''}: ${k === 1 ? 'choose the order, then its target on the map or here.' : 'choose where.'}</p>
      ${modes.length > 1 && html`<div class="choices modes" role="group" aria-label="Order type">
        ${modes.map((m) => html`<button class=${'small' + (entry.mode === m ? ' on' : '')} aria-pressed=${entry.mode === m} key=${m}
          data-mode=${m} onClick=${() => this.mode(m)}>${MODES[m] || m}</button>`)}</div>`}
      ${targets.length > 0 && html`<div class="choices targets" role="group" aria-label="Targets">
        ${targets.map((p) => html`<button class="small" key=${p} data-target=${p} onClick=${() => this.pick(p)}>${nameOf(p)}</button>`)}</div>`}
      ${showDone && html`<div class="choices" role="group" aria-label="Complete orders">
        ${done.map((o) => html`<button class="small primary" key=${o.text} onClick=${() => this.choose(o.text)}>${label(o)}</button>`)}</div>`}
      <button class="small link" onClick=${() => this.cancel()}>Cancel</button>
    </div>`;
  }

  resultPanel(current, styles, name) {
    const s = this.state;
    if (s.resultErr && current) return html`<section class="card"><h2>Not adjudicated</h2><${ErrorBox} err=${s.resultErr} /></section>`;
    if (!s.result) return html`<p class="loading">Adjudicating…</p>`;
    const next = s.result.next || {};
    return html`<div class=${'sandbox-result' + (current ? '' : ' stale')} aria-busy=${!current}>
      <${OrderResults} title=${'Result of ' + phaseName(s.pos.phase)} results=${s.result.orders} name=${name} styles=${styles} />
      <section class="card next-phase" aria-label="After the adjudication">
        <h2>Next: ${phaseName(next.phase)}</h2>
        ${next.winner && html`<p><strong>${name(next.winner)} wins.</strong></p>`}
        ${(next.dislodged || []).length > 0 ? html`<ul class="plain dislodged-list">${next.dislodged.map((u) => html`<li key=${u.at}>
          <${PowerMark} st=${styles[u.power]} /> ${u.type === 'fleet' ? 'F' : 'A'} ${u.at} dislodged (from ${u.attacker_from});${' '}
          ${u.retreats && u.retreats.length ? 'may retreat to ' + u.retreats.join(', ') : 'no retreat: it is disbanded'}</li>`)}</ul>`
          : html`<p>No unit dislodged.</p>`}
        <button class="small" onClick=${() => this.continueFromResult()} disabled=${!current}>Continue from this result</button>
      </section>
    </div>`;
  }
}

/** The map, edition and phase of the position. */
function SetupBar({ s, onMap, onRules, onPhase, onReset, onEmpty }) {
  const ph = s.pos.phase;
  return html`<div class="sandbox-setup row" role="group" aria-label="Position">
    <label>Map <select name="map" value=${s.variant} disabled=${!s.maps} onChange=${(e) => onMap(e.target.value)}>
      ${(s.maps && s.maps.length ? s.maps : [{ id: s.variant, title: s.variant }]).map((m) => html`<option key=${m.id} value=${m.id}>${m.title || m.id}</option>`)}
    </select></label>
    <label>Edition <select name="rules" value=${s.rules} onChange=${(e) => onRules(e.target.value)}>
      ${EDITIONS.map((r) => html`<option key=${r} value=${r}>${r}</option>`)}</select></label>
    <label>Season <select name="season" value=${ph.season} onChange=${(e) => onPhase({ ...ph, season: e.target.value, type: e.target.value === 'winter' ? 'adjustment' : ph.type === 'adjustment' ? 'movement' : ph.type })}>
      ${['spring', 'fall', 'winter'].map((x) => html`<option key=${x} value=${x}>${cap(x)}</option>`)}</select></label>
    <label>Year <input name="year" type="number" min="1" max="9999" value=${ph.year} onChange=${(e) => onPhase({ ...ph, year: parseInt(e.target.value, 10) || ph.year })} /></label>
    <label>Phase <select name="type" value=${ph.type} onChange=${(e) => onPhase({ ...ph, type: e.target.value, season: e.target.value === 'adjustment' ? 'winter' : ph.season === 'winter' ? 'fall' : ph.season })}>
      ${['movement', 'retreat', 'adjustment'].map((x) => html`<option key=${x} value=${x}>${cap(x)}</option>`)}</select></label>
    <button class="small" onClick=${onReset}>Start again</button>
    <button class="small" onClick=${onEmpty}>Empty the board</button>
  </div>`;
}

/** The tool (orders, or a piece to place), the power and whether placed units are dislodged. */
function Tools({ s, styles, onTool, onPower, onDislodged }) {
  const placing = s.tool === 'army' || s.tool === 'fleet' || s.tool === 'centre';
  return html`<div class="sandbox-tools row" role="group" aria-label="Tools">
    <div class="choices" role="group" aria-label="Tool">${TOOLS.map(([t, label]) => html`<button key=${t} class=${'small' + (s.tool === t ? ' on' : '')}
      aria-pressed=${s.tool === t} data-tool=${t} onClick=${() => onTool(t)}>${label}</button>`)}</div>
    ${placing && html`<label class="inline">Power <select name="power" value=${s.power} onChange=${(e) => onPower(e.target.value)}>
      ${Object.keys(styles).map((id) => html`<option key=${id} value=${id}>${styles[id].letter} · ${styles[id].name}</option>`)}</select></label>`}
    ${(s.tool === 'army' || s.tool === 'fleet') && html`<label class="inline check"><input type="checkbox" name="dislodged" checked=${!!s.dislodged}
      onChange=${(e) => onDislodged(e.target.checked)} /> dislodged</label>`}
  </div>`;
}
