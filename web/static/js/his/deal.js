// The Diplomacy Phase's deal form, built from the deal's JSON Schema (the
// `schema` of GET /legal for diplomacy.announce): each item type the
// schema defines, with its description, becomes a choice; each of its
// fields a control by its kind (a power: a list of the six; a space or a
// leader: a list of the board's; a number within its bounds; "take": space
// and count rows). The form checks what the schema requires before the
// deal is announced; whether the deal is legal now is the engine's answer.
import { html, Component } from '../lib.js';
import { MAJORS, powerName } from './powers.js';

/** Follows $ref pointers ("#/$defs/x") within schema; returns [node, the last ref's name]. */
function resolve(schema, node) {
  let name = null;
  for (let i = 0; node && node.$ref && i < 10; i++) {
    const parts = node.$ref.replace(/^#\//, '').split('/');
    name = parts[parts.length - 1];
    let n = schema;
    for (const p of parts) n = n && n[p];
    node = n;
  }
  return [node || {}, name];
}

/** The item types of a deal schema: [{type, description, fields: [{name, kind, required, min, max, options, description}]}]. */
export function itemTypes(schema) {
  if (!schema || !Array.isArray(schema.oneOf)) return [];
  const deal = schema.oneOf.map((n) => resolve(schema, n)[0]).find((n) => n.properties && n.properties.items);
  if (!deal) return [];
  const [item] = resolve(schema, deal.properties.items.items);
  const out = [];
  for (const alt of item.oneOf || []) {
    const [def] = resolve(schema, alt);
    const props = def.properties || {};
    const type = props.type && props.type.const;
    if (!type) continue;
    const req = new Set(def.required || []);
    const fields = [];
    for (const [name, raw] of Object.entries(props)) {
      if (name === 'type') continue;
      const [node, ref] = resolve(schema, raw);
      const f = { name, required: req.has(name), description: raw.description || node.description || '' };
      if (ref === 'power' || Array.isArray(node.enum)) Object.assign(f, { kind: 'enum', options: node.enum || [] });
      else if (ref === 'space' || ref === 'leader') f.kind = ref;
      else if (node.type === 'integer') Object.assign(f, { kind: 'integer', min: node.minimum, max: node.maximum });
      else if (node.type === 'object') {
        const [val] = resolve(schema, node.additionalProperties || {});
        const [key, keyRef] = resolve(schema, node.propertyNames || {});
        Object.assign(f, { kind: 'map', key: keyRef || key.type || 'string', min: val.minimum, max: val.maximum, most: node.maxProperties, least: node.minProperties });
      } else f.kind = 'string';
      fields.push(f);
    }
    out.push({ type, description: def.description || '', fields });
  }
  return out;
}

/** Short titles of the item types the schema defines (its own descriptions are shown beside them). */
const ITEM_TITLES = { peace: 'Peace', alliance: 'Alliance', loan: 'Loan of squadrons', release: 'Release a captured leader', cede: 'Cede a space',
  cards: 'Cards', mercs: 'Mercenaries change sides', divorce: "Henry VIII's divorce", rescind: 'Lift an excommunication' };

const FIELD_NAMES = { a: 'between', b: 'and', from: 'from', to: 'to', space: 'space', n: 'how many', leader: 'leader', dest: 'placed in', take: 'mercenaries taken', power: 'power' };

/** Checks an item against its type; returns the item as the API wants it, or throws with the problem in words. */
export function itemValue(t, values) {
  const out = { type: t.type };
  for (const f of t.fields) {
    const v = values[f.name];
    if (f.kind === 'map') {
      const rows = (v || []).filter((r) => r.key);
      if (!rows.length) {
        if (f.required) throw new Error(`${t.type}: choose at least one ${FIELD_NAMES[f.name] || f.name} row`);
        continue;
      }
      if (f.most && rows.length > f.most) throw new Error(`${t.type}: at most ${f.most} spaces`);
      const m = {};
      for (const r of rows) {
        const n = parseInt(r.n, 10);
        if (!Number.isInteger(n) || (f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) throw new Error(`${t.type}: ${r.key} needs a number from ${f.min} to ${f.max}`);
        m[r.key] = n;
      }
      out[f.name] = m;
      continue;
    }
    if (v === undefined || v === '') {
      if (f.required) throw new Error(`${t.type}: “${FIELD_NAMES[f.name] || f.name}” is needed`);
      continue;
    }
    if (f.kind === 'integer') {
      const n = parseInt(v, 10);
      if (!Number.isInteger(n) || (f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max)) {
        throw new Error(`${t.type}: “${FIELD_NAMES[f.name] || f.name}” must be a whole number${f.min !== undefined ? ' from ' + f.min : ''}${f.max !== undefined ? ' to ' + f.max : ''}`);
      }
      out[f.name] = n;
    } else out[f.name] = v;
  }
  return out;
}

/** The form. Props: schema, board, you, announce(deal), sending. */
export class DealForm extends Component {
  constructor() {
    super();
    this.state = { items: [], adding: '', err: null };
  }
  types() {
    if (this.typesFor !== this.props.schema) {
      this.typesFor = this.props.schema;
      this._types = itemTypes(this.props.schema);
    }
    return this._types;
  }
  add(type) {
    const t = this.types().find((x) => x.type === type);
    if (!t) return;
    const values = {};
    for (const f of t.fields) {
      if (f.kind === 'enum' && (f.name === 'a' || f.name === 'from') && f.options.includes(this.props.you)) values[f.name] = this.props.you;
      if (f.kind === 'integer' && f.required && f.min !== undefined) values[f.name] = String(f.min);
      if (f.kind === 'map') values[f.name] = [{ key: '', n: String(f.min || 1) }];
    }
    this.setState({ items: [...this.state.items, { type, values }], adding: '', err: null });
  }
  set(i, name, value) {
    const items = this.state.items.slice();
    items[i] = { ...items[i], values: { ...items[i].values, [name]: value } };
    this.setState({ items, err: null });
  }
  remove(i) {
    const items = this.state.items.slice();
    items.splice(i, 1);
    this.setState({ items, err: null });
  }
  announce() {
    const types = this.types();
    try {
      if (!this.state.items.length) throw new Error('add an item to the deal first');
      const items = this.state.items.map((it) => itemValue(types.find((t) => t.type === it.type), it.values));
      this.props.announce({ items });
    } catch (err) { this.setState({ err }); }
  }
  field(i, it, f) {
    const { board } = this.props;
    const v = it.values[f.name];
    const id = `deal-${i}-${f.name}`;
    const label = (FIELD_NAMES[f.name] || f.name) + (f.required ? '' : ' (optional)');
    const onChange = (e) => this.set(i, f.name, e.target.value);
    const spaceOptions = () => (board ? board.spaces.slice().sort((a, b) => a.name.localeCompare(b.name)) : []);
    let control;
    if (f.kind === 'enum') {
      control = html`<select id=${id} name=${f.name} value=${v || ''} onChange=${onChange}>
        ${!f.required || !v ? html`<option value="">—</option>` : ''}
        ${f.options.map((o) => html`<option value=${o}>${powerName(o)}</option>`)}</select>`;
    } else if (f.kind === 'space') {
      control = html`<select id=${id} name=${f.name} value=${v || ''} onChange=${onChange}>
        <option value="">—</option>${spaceOptions().map((s) => html`<option value=${s.id}>${s.name}</option>`)}</select>`;
    } else if (f.kind === 'leader') {
      const ls = board ? board.leaders.slice().sort((a, b) => a.name.localeCompare(b.name)) : [];
      control = html`<select id=${id} name=${f.name} value=${v || ''} onChange=${onChange}>
        <option value="">—</option>${ls.map((l) => html`<option value=${l.id}>${l.name} (${powerName(l.power)})</option>`)}</select>`;
    } else if (f.kind === 'integer') {
      control = html`<input id=${id} name=${f.name} type="number" inputmode="numeric" min=${f.min} max=${f.max} value=${v || ''} onInput=${onChange} />`;
    } else if (f.kind === 'map') {
      const rows = v || [];
      const setRow = (k, key, val) => {
        const r = rows.slice();
        r[k] = { ...r[k], [key]: val };
        this.set(i, f.name, r);
      };
      return html`<fieldset class="deal-map" key=${f.name}><legend>${label}</legend>
        ${rows.map((r, k) => html`<div class="row" key=${k}>
          <select aria-label=${'space ' + (k + 1)} value=${r.key} onChange=${(e) => setRow(k, 'key', e.target.value)}>
            <option value="">—</option>${spaceOptions().map((s) => html`<option value=${s.id}>${s.name}</option>`)}</select>
          <input aria-label=${'how many from space ' + (k + 1)} type="number" min=${f.min} max=${f.max} value=${r.n} onInput=${(e) => setRow(k, 'n', e.target.value)} />
        </div>`)}
        ${(!f.most || rows.length < f.most) && html`<button type="button" class="small" onClick=${() => this.set(i, f.name, [...rows, { key: '', n: String(f.min || 1) }])}>Add a space</button>`}
      </fieldset>`;
    } else {
      control = html`<input id=${id} name=${f.name} value=${v || ''} onInput=${onChange} />`;
    }
    const hint = f.kind === 'enum' ? '' : f.description; // "a major power" says nothing the list does not
    return html`<label key=${f.name} for=${id}>${label}${hint ? html`<span class="hint">${hint}</span>` : ''}${control}</label>`;
  }
  render({ sending, announce }, { items, adding, err }) {
    const types = this.types();
    if (!types.length) return html`<p class="error">The server sent no deal schema: only “announce nothing” is possible.</p>`;
    return html`<form class="deal-form" aria-label="Deal" onSubmit=${(e) => { e.preventDefault(); this.announce(); }}>
      <h3>A deal</h3>
      <p class="hint">Every item takes effect together, once every party that must confirm has confirmed; the game checks the whole deal when it is announced.</p>
      ${items.length === 0 && html`<p class="empty">No items yet.</p>`}
      <ol class="deal-items">${items.map((it, i) => {
        const t = types.find((x) => x.type === it.type);
        return html`<li key=${i} class="deal-item" data-type=${it.type}>
          <div class="row"><strong>${ITEM_TITLES[it.type] || it.type}</strong><small>${t.description}</small>
            <button type="button" class="small" aria-label=${'Remove item ' + (i + 1)} onClick=${() => this.remove(i)}>✕</button></div>
          ${t.fields.map((f) => this.field(i, it, f))}
        </li>`;
      })}</ol>
      <label for="deal-add">Add an item
        <select id="deal-add" name="deal-add" value=${adding} onChange=${(e) => this.add(e.target.value)}>
          <option value="">— choose —</option>
          ${types.map((t) => html`<option value=${t.type}>${ITEM_TITLES[t.type] || t.type}</option>`)}
        </select></label>
      ${err && html`<p class="error" role="alert">${err.message}</p>`}
      <div class="row">
        <button type="submit" class="primary" disabled=${sending || items.length === 0}>Announce the deal</button>
        <button type="button" data-value="done" disabled=${sending} onClick=${() => announce({ done: true })}>Announce nothing (more)</button>
      </div>
    </form>`;
  }
}
