// The panels beside Here I Stand's board: the player's hand, the power
// cards, the VP track, the religious struggle, the debaters, the New
// World, the wars and alliances, a space's details and the legend.
import { html } from '../lib.js';
import { POWERS, MAJORS, powerName } from './powers.js';
import { unitWords, leadersByPlace } from './board.js';

/** A power's mark: its colour and letter, for lists. */
export function Mark({ p }) {
  const st = POWERS[p];
  if (!st) return null;
  return html`<span class="mark" style=${{ background: st.colour, color: st.ink }} aria-hidden="true">${st.letter}</span>`;
}

const TYPE_NAMES = { home: 'Home card', mandatory: 'Mandatory Event', response: 'Response', combat: 'Combat', event: 'Event', diplomacy: 'Diplomacy' };

/** The player's hand: cards by number, name, CP and type; those the decision offers can be picked. */
export function Hand({ cards, pickable, onPick }) {
  if (!cards) return null;
  return html`<section class="card hand" aria-label="Your hand">
    <h2>Your hand (${cards.length})</h2>
    ${cards.length === 0 ? html`<p class="empty">No cards.</p>` : html`<ul class="plain cards">
      ${cards.map((c) => {
        const can = pickable && pickable.has(String(c.number));
        return html`<li key=${c.number}><button class=${'card-face type-' + c.type + (can ? ' pickable' : '')} disabled=${!can}
            data-card=${c.number} onClick=${can ? () => onPick(String(c.number)) : undefined}
            aria-label=${`#${c.number} ${c.name}, ${c.cp} CP, ${TYPE_NAMES[c.type] || c.type}${can ? ' (can be played now)' : ''}`}>
          <span class="card-top"><span class="card-no">#${c.number}</span> <span class="card-cp">${c.cp} CP</span></span>
          <span class="card-name">${c.name}</span> <span class="card-type">${TYPE_NAMES[c.type] || c.type}</span>
        </button></li>`;
      })}
    </ul>`}
  </section>`;
}

/** The six power cards: ruler, cards in hand, VP, keys, bonus and war-winner VP, wars and alliances. */
export function PowerCards({ view, you }) {
  const pw = view.powers || {};
  const wars = view.wars || [];
  const allies = view.alliances || [];
  const with_ = (p, pairs) => pairs.filter((x) => x.includes(p)).map((x) => (x[0] === p ? x[1] : x[0]));
  const minors = Object.entries(view.minor_allies || {});
  return html`<section class="card powers" aria-label="Power cards">
    <h2>Powers</h2>
    <div class="table-scroll"><table class="plain power-table">
      <thead><tr><th scope="col">Power</th><th scope="col">Ruler</th><th scope="col" title="cards in hand">Cards</th><th scope="col">VP</th>
        <th scope="col">Keys</th><th scope="col">At war with</th><th scope="col">Allied with</th></tr></thead>
      <tbody>${MAJORS.map((p) => {
        const c = pw[p] || {};
        const extra = [];
        if (c.bonus_vp) extra.push(c.bonus_vp + ' bonus');
        if (c.war_winner_vp) extra.push(c.war_winner_vp + ' war winner');
        if (c.new_world_vp) extra.push(c.new_world_vp + ' New World');
        if (c.piracy_vp) extra.push(c.piracy_vp + ' piracy');
        const mins = minors.filter(([, m]) => m === p).map(([x]) => powerName(x));
        return html`<tr key=${p} class=${p === you ? 'you' : ''} data-power=${p}>
          <th scope="row"><${Mark} p=${p} /> ${powerName(p)}${p === you ? ' (you)' : ''}</th>
          <td>${c.ruler}${c.minus_one_card ? html` <small>(−1 card)</small>` : ''}</td>
          <td>${c.hand_size}</td>
          <td><strong>${c.vp}</strong>${extra.length ? html` <small>(${extra.join(', ')})</small>` : ''}</td>
          <td>${c.keys}${c.keys_in_unrest ? html` <small>(${c.keys_in_unrest} in unrest)</small>` : ''}</td>
          <td>${with_(p, wars).map(powerName).join(', ') || '—'}</td>
          <td>${[...with_(p, allies).map(powerName), ...mins].join(', ') || '—'}</td>
        </tr>`;
      })}</tbody>
    </table></div>
  </section>`;
}

/** The VP track, 0 to 25 (the standard victory), each power's marker at its VP. */
export function VpTrack({ view }) {
  const top = Math.max(25, ...MAJORS.map((p) => (view.powers[p] || {}).vp || 0));
  const W = 100 / (top + 1);
  const at = {};
  for (const p of MAJORS) {
    const vp = (view.powers[p] || {}).vp || 0;
    (at[vp] = at[vp] || []).push(p);
  }
  return html`<section class="card vp-track" aria-label="Victory points">
    <h2>VP track</h2>
    <div class="track" role="img" aria-label=${MAJORS.map((p) => powerName(p) + ' ' + ((view.powers[p] || {}).vp || 0)).join(', ')}>
      ${Array.from({ length: top + 1 }, (_, i) => html`<div key=${i} class=${'cell' + (i === 25 ? ' win' : '') + (i % 5 === 0 ? ' five' : '')} style=${{ width: W + '%' }}>
        <span class="n">${i % 5 === 0 ? i : ''}</span>
        ${(at[i] || []).map((p) => html`<span key=${p} class="vp-mark" style=${{ background: POWERS[p].colour, color: POWERS[p].ink }} title=${powerName(p) + ': ' + i + ' VP'}>${POWERS[p].letter}</span>`)}
      </div>`)}
    </div>
    <p class="small-print">25 VP wins at the end of a turn; the track counts every VP of §23.2.</p>
  </section>`;
}

/** The religious struggle: Protestant spaces (50 win) by zone. */
export function Religion({ view, board }) {
  const spaces = view.spaces || {};
  const byZone = {};
  let n = 0;
  for (const s of board.spaces) {
    if ((spaces[s.id] || {}).religion === 'protestant') {
      n++;
      byZone[s.lang] = (byZone[s.lang] || 0) + 1;
    }
  }
  const zones = Object.entries(byZone).map(([z, k]) => `${k} ${z === 'none' ? 'outside the zones' : z}`);
  return html`<section class="card religion" aria-label="Religious struggle">
    <h2>Religious struggle</h2>
    <p><strong data-protestant-spaces=${n}>${n}</strong> Protestant spaces of 50 for a religious victory${zones.length ? ' (' + zones.join(', ') + ')' : ''}.</p>
    <div class="bar" role="img" aria-label=${n + ' of 50 Protestant spaces'}><span style=${{ width: Math.min(100, n * 2) + '%' }}></span></div>
  </section>`;
}

const STATUS_WORDS = { uncommitted: 'uncommitted', committed: 'committed', out: 'not yet in play', burnt: 'burnt', disgraced: 'disgraced', away: 'excommunicated (away)', removed: 'removed' };

/** The debaters of both sides with their ratings; committed ones marked. */
export function Debaters({ view }) {
  const ds = Object.entries(view.debaters || {}).filter(([, d]) => d.status !== 'out');
  const side = (s) => ds.filter(([, d]) => d.side === s).sort((a, b) => b[1].value - a[1].value || a[1].name.localeCompare(b[1].name));
  const list = (s) => html`<ul class="plain debaters-list">${side(s).map(([id, d]) => html`<li key=${id} class=${'deb ' + d.status} data-debater=${id}>
    <span class="rating" title="debate rating">${d.value}</span> ${d.name}${d.zone ? html` <small>${d.zone}</small>` : ''}
    <span class="deb-status">${STATUS_WORDS[d.status] || d.status}</span></li>`)}</ul>`;
  const db = view.debate;
  return html`<section class="card debaters" aria-label="Debaters">
    <h2>Debaters</h2>
    ${db && html`<div class="debate-now"><strong>Debate</strong> (${db.source}${db.zone ? ', ' + db.zone + ' zone' : ''}, round ${db.round}):
      ${db.papal ? db.papal.name + ' (' + db.papal.value + ')' : '?'} against ${db.protestant ? db.protestant.name + ' (' + db.protestant.value + ')' : '?'};
      hits ${db.papal_hits}–${db.protestant_hits}${db.result ? ' · ' + db.result : ''}</div>`}
    <div class="cols two">
      <div><h3><${Mark} p="papacy" /> Papal</h3>${list('papacy')}</div>
      <div><h3><${Mark} p="protestant" /> Protestant</h3>${list('protestant')}</div>
    </div>
  </section>`;
}

const NW_NAMES = { st_lawrence: 'St. Lawrence', great_lakes: 'Great Lakes', mississippi: 'Mississippi', amazon: 'Amazon', pacific_strait: 'Pacific Strait', circumnavigation: 'Circumnavigation' };

/** The New World: explorations, colonies, conquests, voyages under way. */
export function NewWorld({ view, board }) {
  const nw = view.new_world || {};
  const who = (v) => (board.explorer[v] ? board.explorer[v].name : v);
  const rows = (m) => Object.entries(m || {}).map(([k, v]) => html`<li key=${k}><${Mark} p=${v.power || v} /> ${NW_NAMES[k] || k.replace(/_/g, ' ')}${v.vp ? ` (${v.vp} VP)` : ''}${v.by ? ' — ' + who(v.by) : ''}</li>`);
  const colonies = Object.entries(nw.colonies || {});
  return html`<section class="card new-world" aria-label="New World">
    <h2>New World</h2>
    <div class="cols three">
      <div><h3>Explorations</h3>${Object.keys(nw.discoveries || {}).length ? html`<ul class="plain">${rows(nw.discoveries)}</ul>` : html`<p class="empty">None yet.</p>`}</div>
      <div><h3>Colonies</h3>${colonies.length ? html`<ul class="plain">${colonies.map(([k, p]) => html`<li key=${k}><${Mark} p=${p} /> ${k.replace(/_/g, ' ')}</li>`)}</ul>` : html`<p class="empty">None yet.</p>`}</div>
      <div><h3>Conquests</h3>${Object.keys(nw.conquests || {}).length ? html`<ul class="plain">${rows(nw.conquests)}</ul>` : html`<p class="empty">None yet.</p>`}</div>
    </div>
    ${nw.crossing_atlantic && nw.crossing_atlantic.length > 0 && html`<p><strong>Crossing the Atlantic:</strong> ${nw.crossing_atlantic.join(', ')}</p>`}
  </section>`;
}

/** One space in detail: type, home, controller, religion, markers, units and leaders by power, ports. */
export function Inspector({ id, board, view, onClose }) {
  const s = board.space[id];
  const sea = board.sea[id];
  if (!s && !sea) return null;
  const v = (s ? (view.spaces || {})[id] : (view.seas || {})[id]) || {};
  const at = leadersByPlace(view)[id] || [];
  const units = Object.entries(v.units || {});
  return html`<section class="card inspector" aria-label=${(s || sea).name}>
    <div class="row"><h2>${(s || sea).name}</h2><button class="small" onClick=${onClose} aria-label="Close">✕</button></div>
    ${s && html`<p>${s.type}${s.home && s.home !== 'independent' ? ', home space of ' + powerName(s.home) : s.home === 'independent' ? ', independent' : ''}${s.lang !== 'none' ? ', ' + s.lang + ' zone' : ''}.
      Controlled by <strong>${powerName(v.control)}</strong>${v.religion ? ', ' + v.religion : ''}${v.unrest ? ', in unrest' : ''}${v.jesuit ? ', Jesuit university' : ''}${v.reformer ? ', a reformer' : ''}.</p>`}
    ${v.besiegers && v.besiegers.length > 0 && html`<p class="siege-note">Under siege by ${v.besiegers.map(powerName).join(', ')}.</p>`}
    ${sea && v.piracy && html`<p>Piracy this turn.</p>`}
    ${units.length ? html`<ul class="plain">${units.map(([p, u]) => html`<li key=${p}><${Mark} p=${p} /> ${powerName(p)}: ${unitWords(u)}${v.besiegers && v.besiegers.includes(p) ? ' (besieging)' : ''}</li>`)}</ul>` : html`<p class="empty">No units.</p>`}
    ${at.length > 0 && html`<p>Leaders: ${at.map((l) => {
      const L = board.leader[l];
      return L ? `${L.name} (${powerName(L.power)}, ${L.naval ? 'naval ' + L.battle + '/' + L.piracy : L.battle + '/' + L.command})` : l;
    }).join(', ')}</p>`}
    ${s && s.ports && html`<p class="small-print">Port on ${s.ports.map((p) => board.sea[p].name).join(' and ')}.</p>`}
    ${s && html`<p class="small-print">Connected to ${s.adj.map((t) => board.space[t].name).join(', ')}${s.pass && s.pass.length ? '; across a pass to ' + s.pass.map((t) => board.space[t].name).join(', ') : ''}.</p>`}
  </section>`;
}

/** What the board's marks mean. */
export function Legend() {
  return html`<details class="card legend his-legend"><summary>Legend</summary>
    <ul class="plain legend-list">
      <li><svg viewBox="-40 -40 80 80" class="lg"><circle r="26" class="sym" fill="#eee" /></svg> unfortified space</li>
      <li><svg viewBox="-40 -40 80 80" class="lg"><path d="M0,-32L32,0L0,32L-32,0Z" class="sym" fill="#eee" /></svg> fortress</li>
      <li><svg viewBox="-40 -40 80 80" class="lg"><rect x="-27" y="-27" width="54" height="54" class="sym" fill="#eee" /></svg> key</li>
      <li><svg viewBox="-40 -40 80 80" class="lg"><rect x="-27" y="-27" width="54" height="54" class="sym" fill="#eee" /><path class="star" d="M18.6,-27.6L21.7,-22.2L27.4,-22.9L23.5,-18.3L26,-12.6L18.6,-15.8L11.2,-12.6L13.7,-18.3L9.8,-22.9L15.5,-22.2Z" /></svg> capital</li>
      <li><svg viewBox="-40 -40 80 80" class="lg"><path d="M-29,0L-15,-25L15,-25L29,0L15,25L-15,25Z" class="sym" fill="#eee" /></svg> electorate</li>
      <li><svg viewBox="-40 -40 80 80" class="lg"><circle r="26" class="religion-ring" fill="none" /><circle r="26" class="sym" fill="#eee" /></svg> Protestant space (dark ring)</li>
      <li>Fill and letter: the power in control · small dot: the home power, when another controls it</li>
      <li><span class="lg-badge unrest">U</span> unrest · <span class="lg-badge jesuit">J</span> Jesuit university · <span class="lg-badge reformer">R</span> reformer</li>
      <li>Counters above a space: land units by power (letter and number; ★ with leaders); below: naval units in port; red dashes: a siege</li>
      <li><svg viewBox="0 0 80 20" class="lg wide"><line x1="4" y1="10" x2="76" y2="10" class="link" /></svg> connection · <svg viewBox="0 0 80 20" class="lg wide"><line x1="4" y1="10" x2="76" y2="10" class="link pass" /></svg> pass (2 CP)</li>
      <li>Tints: language zones (English, French, German, Italian, Spanish); grey: off the board</li>
      <li>${['ottoman', 'hapsburg', 'england', 'france', 'papacy', 'protestant', 'genoa', 'hungary', 'scotland', 'venice', 'independent'].map((p) => html`<span key=${p} class="lg-power"><${Mark} p=${p} /> ${powerName(p)}</span>`)}</li>
    </ul>
  </details>`;
}
