// An invitation link (/invite/<game>/<secret>): join a private game.
import { html, Component } from '../lib.js';
import { games } from '../api.js';
import { navigate } from '../router.js';
import { ErrorBox, Page } from '../ui.js';

export class Invite extends Component {
  constructor() {
    super();
    this.state = { err: null, busy: false, seat: '' };
  }
  async join() {
    this.setState({ busy: true, err: null });
    try {
      const body = { invite: this.props.secret };
      if (this.state.seat) body.seat = this.state.seat;
      await games.join(this.props.id, body);
      navigate('/games/' + this.props.id, true);
    } catch (err) {
      if (err.status === 404) err.message = 'This invitation does not open any game now: the game may have started, or its creator replaced the link.';
      this.setState({ err, busy: false });
    }
  }
  render({ id, user }, { err, busy, seat }) {
    const here = location.pathname;
    return html`<${Page} title="An invitation">
      <div class="card narrow">
        <p>You are invited to a private game (number ${id}).</p>
        ${user ? html`
          <label>Seat (empty: any free seat)<input name="seat" value=${seat} onInput=${(e) => this.setState({ seat: e.target.value })} placeholder="e.g. france" /></label>
          <button class="primary" disabled=${busy} onClick=${() => this.join()}>Join the game</button>`
        : html`<p><a href=${'/login?next=' + encodeURIComponent(here)}>Log in</a> or <a href=${'/register?next=' + encodeURIComponent(here)}>register</a> to join.</p>`}
        <${ErrorBox} err=${err} />
      </div><//>`;
  }
}
