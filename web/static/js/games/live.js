// Live updates of one game over server-sent events
// (GET /api/games/{id}/events): each "change" names what changed (action,
// phase, message, vote, seat, status, deadline); the page reloads what it
// shows. The browser reconnects a lost stream by itself; every "hello"
// after the first means the stream was lost, and the page catches up by
// reloading everything. The stream reads as the seat the game's requests
// act as (api.js actAs): press and log entries reach it as that seat may
// see them; a page that changes the seat opens a new stream.
import { games } from '../api.js';

/** Opens the stream; on(kind, seq) is called for each change (and with "hello" and the game's seq when it first connects); onState(connected) on connection changes. Returns the closer. */
export function follow(gameID, on, onState) {
  let first = true;
  let es = null;
  let closed = false;
  let retry = null;
  const open = () => {
    es = new EventSource(games.events(gameID));
    es.addEventListener('change', (e) => {
      let c = {};
      try { c = JSON.parse(e.data); } catch { return; }
      if (c.kind === 'hello') {
        onState && onState(true);
        if (first) {
          first = false;
          on('hello', c.seq); // the game's seq as the stream starts: a page read before it may be older
          return;
        }
        on('resync', c.seq);
        return;
      }
      on(c.kind, c.seq);
    });
    es.onerror = () => {
      onState && onState(false);
      if (es.readyState === EventSource.CLOSED && !closed) {
        // The browser gave up (an error answer): try again in a while.
        retry = setTimeout(open, 3000);
      }
    };
  };
  open();
  return () => {
    closed = true;
    clearTimeout(retry);
    es && es.close();
  };
}
