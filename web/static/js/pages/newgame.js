// Create a game with every option the API has: game, map or scenario, the
// rule variants, edition, deadlines, press, privacy (with an invitation
// link), votes, missed-deadline bots, a webhook.
import { html, Component } from '../lib.js';
import { get, games } from '../api.js';
import { navigate } from '../router.js';
import { ErrorBox, Page } from '../ui.js';

/**
 * The maps and rule options the server offers (GET /api/variants); null
 * when the server has no such endpoint (then the map is typed by id and
 * rule options as key=value lines).
 */
async function variants() {
  try {
    return await get('/variants');
  } catch (e) {
    if (e.status === 404) return null;
    throw e;
  }
}

/** The game's entry of a GET /api/variants answer ({games: [{game, title, variants, options}]}). */
const entryOf = (v, kind) => (v && Array.isArray(v.games) ? v.games.find((g) => g.game === kind) : null);

/** The variants (maps, scenarios) of one game: [{id, title, players, powers, …}], or null. */
export const mapsOf = (v, kind) => (entryOf(v, kind) ? entryOf(v, kind).variants || [] : null);

/** The options of one game's rules object: [{key, type (choice, bool, powers), values, default, variant, summary}], or null. */
export const optionsOf = (v, kind) => (entryOf(v, kind) ? entryOf(v, kind).options || [] : null);

const PRESS = [
  ['full', 'Full press: public, private and group messages'],
  ['public', 'Public press only'],
  ['anonymous', 'Anonymous: messages without senders, players hidden'],
  ['none', 'No press (gunboat)'],
];

export class NewGame extends Component {
  constructor() {
    super();
    this.state = {
      v: undefined, err: null, busy: false,
      name: '', game: 'diplomacy', variant: 'standard', edition: '', rules: {}, rulesText: '',
      phase: '24h', short: '', daily_at: '', time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      press: 'full', private: false, secret_votes: false, missed_limit: 2, missed: 'default', webhook: '',
    };
  }
  async componentDidMount() {
    try { this.setState({ v: await variants() }); } catch (err) { this.setState({ err, v: null }); }
  }
  set(k) { return (e) => this.setState({ [k]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }); }
  spec() {
    const s = this.state;
    const rules = {};
    if (s.game === 'diplomacy') {
      if (s.edition) rules.rules = s.edition;
      for (const [k, val] of Object.entries(s.rules)) if (val !== '' && val !== false) rules[k] = val === true ? 'true' : String(val);
      for (const line of s.rulesText.split('\n')) {
        const [k, ...rest] = line.split('=');
        if (k.trim()) rules[k.trim()] = rest.join('=').trim();
      }
    }
    const options = { phase: s.phase, press: s.press, missed: s.missed, missed_limit: Number(s.missed_limit) };
    if (s.short) options.short = s.short;
    if (s.daily_at) { options.daily_at = s.daily_at; options.time_zone = s.time_zone; }
    if (s.private) options.private = true;
    if (s.secret_votes) options.secret_votes = true;
    if (s.webhook) options.webhook = s.webhook;
    if (s.bot_kind) options.bot_kind = s.bot_kind;
    const spec = { name: s.name, game: s.game, options };
    const variant = s.game === 'diplomacy' ? s.variant : s.variant === 'standard' ? '' : s.variant;
    if (variant) spec.variant = variant;
    if (Object.keys(rules).length) spec.rules = rules;
    return spec;
  }
  async submit(e) {
    e.preventDefault();
    this.setState({ busy: true, err: null });
    try {
      const g = await games.create(this.spec());
      navigate('/games/' + g.id + (g.invite ? '?created=1' : ''));
    } catch (err) {
      this.setState({ err, busy: false });
    }
  }
  ruleField(o) {
    const val = this.state.rules[o.key];
    const setRule = (x) => this.setState({ rules: { ...this.state.rules, [o.key]: x } });
    const values = Array.isArray(o.values) ? o.values : String(o.values || '').split('|');
    const label = html`<span>${o.variant || o.key} <small class="hint">${o.summary}</small></span>`;
    if (o.type === 'bool' || o.values === 'true|false') {
      return html`<label class="check" key=${o.key}><input type="checkbox" name=${'rule-' + o.key} checked=${!!val}
        onChange=${(e) => setRule(e.target.checked)} /> ${label}</label>`;
    }
    if (o.type === 'choice' || (!o.type && values.length > 1)) {
      return html`<label key=${o.key}>${label}<select name=${'rule-' + o.key} value=${val || ''} onChange=${(e) => setRule(e.target.value)}>
        <option value="">default${o.default ? ' (' + o.default + ')' : ''}</option>${values.map((x) => html`<option value=${x}>${x}</option>`)}</select></label>`;
    }
    const map = (mapsOf(this.state.v, this.state.game) || []).find((m) => m.id === this.state.variant);
    return html`<label key=${o.key}>${label}<input name=${'rule-' + o.key} value=${val || ''} placeholder=${map && map.powers ? map.powers.join(',') : 'power,power'}
      onInput=${(e) => setRule(e.target.value)} /></label>`;
  }
  render(_, s) {
    const maps = mapsOf(s.v, s.game);
    const opts = (optionsOf(s.v, s.game) || []).filter((o) => o.key !== 'rules');
    return html`<${Page} title="New game">
      <form class="card form-grid" onSubmit=${(e) => this.submit(e)}>
        <fieldset><legend>Game</legend>
          <label>Name<input name="name" required maxlength="100" value=${s.name} onInput=${this.set('name')} /></label>
          <label>Game<select name="game" value=${s.game} onChange=${(e) => this.setState({ game: e.target.value, variant: e.target.value === 'his' ? '1517' : 'standard' })}>
            <option value="diplomacy">Diplomacy</option><option value="his">Here I Stand</option></select></label>
          ${s.game === 'diplomacy' ? html`
            ${maps ? html`<label>Map<select name="variant" value=${s.variant} onChange=${this.set('variant')}>
                ${maps.map((m) => html`<option value=${m.id}>${m.title || m.id}${m.players ? ' · ' + m.players + ' players' : ''}</option>`)}</select></label>`
              : html`<label>Map id<input name="variant" value=${s.variant} onInput=${this.set('variant')} />
                <small class="hint">one of the 48 maps of <code>concordat variants</code>, e.g. standard, imperial, youngstown</small></label>`}
            <label>Edition<select name="edition" value=${s.edition} onChange=${this.set('edition')}>
              <option value="">2023 (default)</option><option>2000</option><option>1982</option><option>1971</option></select></label>`
          : html`<label>Scenario<select name="variant" value=${s.variant} onChange=${this.set('variant')}><option value="1517">1517</option></select></label>`}
        </fieldset>
        ${s.game === 'diplomacy' && html`<fieldset><legend>Rule variants</legend>
          ${s.v === undefined ? html`<p class="loading">Loading…</p>` : opts.length ? opts.map((o) => this.ruleField(o)) : html`
            <label>Rule options, one <code>key=value</code> a line
              <textarea name="rules" rows="3" value=${s.rulesText} onInput=${this.set('rulesText')}
                placeholder="fog=true&#10;players=england,france"></textarea>
              <small class="hint">catspaw, fog, black_hole, crystal_ball, seismic, schizo, reverse_gunboat, double, payola, anarchy, intimate, multiplicity (=true); players=a,b; preset=5p|6p</small></label>`}
        </fieldset>`}
        <fieldset><legend>Deadlines</legend>
          <label>Phase length<input name="phase" value=${s.phase} onInput=${this.set('phase')} placeholder="24h" />
            <small class="hint">5m to 240h, e.g. 30m, 24h, 48h</small></label>
          <label>Short phases (retreats, builds)<input name="short" value=${s.short} onInput=${this.set('short')} placeholder="same as the phase" /></label>
          <label>Deadlines at a time of day<input name="daily_at" type="time" value=${s.daily_at} onInput=${this.set('daily_at')} /></label>
          <label>Time zone of that time<input name="time_zone" value=${s.time_zone} onInput=${this.set('time_zone')} /></label>
          <label>Missed deadline<select name="missed" value=${s.missed} onChange=${this.set('missed')}>
            <option value="default">the rules' default (units hold)</option><option value="bot">a bot orders for the missing player</option></select></label>
          ${((entryOf(s.v, s.game) || {}).bot_kinds || []).length > 1 && html`<label>Bots' kind<select name="bot_kind" value=${s.bot_kind || ''} onChange=${this.set('bot_kind')}>
            <option value="">the game's default (${entryOf(s.v, s.game).bot_kinds[0]})</option>
            ${entryOf(s.v, s.game).bot_kinds.map((k) => html`<option value=${k}>${k}</option>`)}</select>
            <small class="hint">who plays for missed deadlines, seats in civil disorder and the seats you fill with bots</small></label>`}
          <label>Civil disorder after missing<input name="missed_limit" type="number" min="1" max="100" value=${s.missed_limit} onInput=${this.set('missed_limit')} /> phases in a row</label>
        </fieldset>
        <fieldset><legend>Players</legend>
          <label>Press<select name="press" value=${s.press} onChange=${this.set('press')}>
            ${PRESS.map(([v, t]) => html`<option value=${v}>${t}</option>`)}</select></label>
          <label class="check"><input type="checkbox" name="private" checked=${s.private} onChange=${this.set('private')} /> Private: only players with the invitation link may join</label>
          <label class="check"><input type="checkbox" name="secret_votes" checked=${s.secret_votes} onChange=${this.set('secret_votes')} /> Secret votes</label>
          <label>Webhook (optional; public events, Discord-compatible)<input name="webhook" type="url" value=${s.webhook} onInput=${this.set('webhook')} placeholder="https://…" /></label>
        </fieldset>
        <${ErrorBox} err=${s.err} />
        <button class="primary" type="submit" disabled=${s.busy}>Create the game</button>
      </form><//>`;
  }
}
