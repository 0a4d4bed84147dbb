// Votes: draw, concede, pause (resume), extend. A vote passes when every
// surviving seat agrees.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { ErrorBox } from '../ui.js';

const KINDS = [
  ['draw', 'Draw', 'end the game in a draw of every survivor'],
  ['pause', 'Pause', 'stop the clock'],
  ['resume', 'Resume', 'restart a paused clock'],
  ['extend', 'Extend', 'add one phase length to the deadline'],
];

export class Votes extends Component {
  constructor() {
    super();
    this.state = { votes: [], err: null, msg: null, concede: '' };
  }
  componentDidMount() { this.load(); }
  componentDidUpdate(prev) { if (prev.tick !== this.props.tick) this.load(); }
  async load() {
    try { this.setState({ votes: (await games.votes(this.props.game.game.id)).votes || [] }); } catch (err) { this.setState({ err }); }
  }
  async vote(kind, value) {
    this.setState({ err: null, msg: null });
    try {
      const r = await games.vote(this.props.game.game.id, kind, value);
      this.setState({ msg: r.passed ? `The ${r.passed} vote passed.` : 'Vote cast.' });
      await this.load();
      this.props.onChange && this.props.onChange();
    } catch (err) { this.setState({ err }); }
  }
  render({ game, powerName }, { votes, err, msg, concede }) {
    const g = game.game;
    const you = game.you;
    const names = (x) => (powerName ? powerName(x) : x);
    const byKind = Object.fromEntries(votes.map((v) => [v.kind, v]));
    const active = g.status === 'active' || g.status === 'paused';
    return html`<section class="votes" aria-label="Votes">
      <table class="plain"><thead><tr><th scope="col">Vote</th><th scope="col">Cast</th><th scope="col">Your vote</th></tr></thead><tbody>
      ${KINDS.filter(([k]) => (g.status === 'paused' ? k !== 'pause' && k !== 'extend' : k !== 'resume')).map(([k, name, what]) => {
        const v = byKind[k];
        const mine = v && v.votes && v.votes[you];
        return html`<tr key=${k}><th scope="row">${name} <small class="hint">${what}</small></th>
          <td>${v ? `${v.count} of ${v.need}` : '0'}${v && v.votes ? html`<br/><small>${Object.entries(v.votes).map(([s, x]) => names(s) + ': ' + x).join(', ')}</small>` : ''}</td>
          <td>${you && active ? html`<button class=${'small' + (mine === 'yes' ? ' on' : '')} aria-pressed=${mine === 'yes'} onClick=${() => this.vote(k, 'yes')}>Yes</button>
            <button class=${'small' + (mine === 'no' ? ' on' : '')} aria-pressed=${mine === 'no'} onClick=${() => this.vote(k, 'no')}>No</button>` : mine || ''}</td></tr>`;
      })}
      <tr><th scope="row">Concede <small class="hint">every other survivor concedes to one seat</small></th>
        <td>${byKind.concede ? `${byKind.concede.count} of ${byKind.concede.need}` : '0'}${byKind.concede && byKind.concede.votes ?
          html`<br/><small>${Object.entries(byKind.concede.votes).map(([s, x]) => names(s) + ' → ' + names(x)).join(', ')}</small>` : ''}</td>
        <td>${you && active && html`<select aria-label="Concede to" value=${concede} onChange=${(e) => this.setState({ concede: e.target.value })}>
          <option value="">to…</option>${game.seats.map((x) => html`<option value=${x.seat}>${names(x.seat)}</option>`)}</select>
          <button class="small" disabled=${!concede} onClick=${() => this.vote('concede', concede)}>Concede</button>`}</td></tr>
      </tbody></table>
      ${msg && html`<p class="ok" role="status">${msg}</p>`}
      <${ErrorBox} err=${err} />
    </section>`;
  }
}
