// Who is logged in (GET /api/me), shared by every page.
import { get, post } from './api.js';

const listeners = new Set();

/** session.user is the logged-in user ({id, name}), null when nobody is, undefined before the first answer. */
export const session = { user: undefined };

/** Calls fn whenever the user changes; returns the unsubscriber. */
export function onSession(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function set(user) {
  session.user = user;
  for (const fn of listeners) fn(user);
}

/** Reads the logged-in user from the server. */
export async function loadSession() {
  try {
    set(await get('/me'));
  } catch (e) {
    if (e.status === 401) set(null);
    else throw e;
  }
}

export async function login(name, password) {
  await post('/login', { name, password });
  await loadSession();
}

export async function register(name, password, email) {
  const body = { name, password };
  if (email) body.email = email;
  await post('/register', body);
  await loadSession();
}

export async function logout() {
  await post('/logout');
  set(null);
}

/** Forgets the user after every session was ended (log out everywhere). */
export function loggedOut() {
  set(null);
}
