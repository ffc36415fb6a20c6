// Small helpers for drawing SVG.

export const NS = 'http://www.w3.org/2000/svg';

// el makes an SVG element with attributes and appends it to parent.
export function el(tag, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(e);
  return e;
}

// text makes an SVG text element.
export function text(parent, x, y, s, attrs = {}) {
  const t = el('text', { x, y, ...attrs }, parent);
  t.textContent = s;
  return t;
}

// fitWidth squeezes a drawn text into width units where it is wider
// (measurable only once the SVG is in the page; elsewhere it stays).
// shrinkToFit makes text t (with a font-size attribute) fit width: a
// smaller font down to min, and only past that the glyphs pressed
// (fitWidth), which distorts them.
export function shrinkToFit(t, width, min) {
  if (!t.getComputedTextLength) return t;
  const len = t.getComputedTextLength(), size = Number(t.getAttribute('font-size'));
  if (len > width && size > min) t.setAttribute('font-size', Math.max(min, (size * width) / len).toFixed(2));
  return fitWidth(t, width);
}

export function fitWidth(t, width) {
  if (t.getComputedTextLength && t.getComputedTextLength() > width) {
    t.setAttribute('textLength', width);
    t.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
  return t;
}

// title adds a tooltip.
export function title(parent, s) {
  const t = el('title', {}, parent);
  t.textContent = s;
  return t;
}

// clear empties an element.
export function clear(e) {
  while (e.firstChild) e.removeChild(e.firstChild);
}

// parseKeys reads the KEY=VALUE words of a position.
export function parseKeys(words) {
  const keys = {};
  for (const w of words) {
    const i = w.indexOf('=');
    if (i > 0) keys[w.slice(0, i)] = w.slice(i + 1);
  }
  return keys;
}
