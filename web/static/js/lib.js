// The view library: Preact (components, rendering) with htm (tagged
// templates instead of JSX, so no build step), both vendored and pinned.
import { h, render, Component, createRef, Fragment } from '../vendor/preact-11.2.0.mjs';
import htm from '../vendor/htm-3.1.1.mjs';

/** html`<p>${x}</p>` builds Preact elements. */
export const html = htm.bind(h);
export { h, render, Component, createRef, Fragment };
