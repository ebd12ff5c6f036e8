// The markdown of the service's messages, shown as the client shows it:
// code blocks, quotes, headings, subtext and lists; bold, italics,
// underline, strike-through, spoilers, inline code and links; mentions of
// users, roles, channels and commands by their names; timestamps in the
// reader's time zone and language. It builds elements, never HTML from
// text, so a message can show anything and run nothing.

import { h } from './api.js';

// markdown renders text; names(kind, id) returns the name of a user,
// role or channel, or null.
export function markdown(text, names) {
  return h('div', { class: 'content markdown' }, blocks(text, names));
}

// blocks splits text into code blocks, quotes, headings and lists, and
// the paragraphs between them.
function blocks(text, names) {
  const out = [];
  const lines = text.split('\n');
  let para = [];
  const flush = () => {
    if (para.length) out.push(h('p', {}, inline(para.join('\n'), names)));
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('```')) {
      const after = line.slice(3);
      const close = after.indexOf('```');
      if (close >= 0) {
        // A block on one line: everything between its fences.
        flush();
        out.push(h('pre', {}, h('code', {}, after.slice(0, close))));
        continue;
      }
      // A block runs to the next fence; one that no fence closes is text.
      let j = i + 1;
      while (j < lines.length && !lines[j].includes('```')) j++;
      if (j < lines.length) {
        const language = /^[\w+-]+$/.test(after.trim()) ? after.trim() : null;
        const body = [...(language || !after ? [] : [after]), ...lines.slice(i + 1, j)];
        const last = lines[j].slice(0, lines[j].indexOf('```'));
        if (last) body.push(last);
        flush();
        out.push(h('pre', { 'data-language': language }, h('code', {}, body.join('\n'))));
        i = j;
        continue;
      }
    }
    if (line.startsWith('>>> ')) {
      flush();
      out.push(h('blockquote', {}, blocks([line.slice(4), ...lines.slice(i + 1)].join('\n'), names)));
      break;
    }
    if (line.startsWith('> ') || line === '>') {
      flush();
      const quoted = [];
      for (; i < lines.length && (lines[i].startsWith('> ') || lines[i] === '>'); i++) quoted.push(lines[i].slice(2));
      i--;
      out.push(h('blockquote', {}, blocks(quoted.join('\n'), names)));
      continue;
    }
    const heading = line.match(/^(#{1,3}) (.+)$/);
    if (heading) {
      flush();
      out.push(h('h' + (heading[1].length + 3), { class: 'md-heading' }, inline(heading[2], names)));
      continue;
    }
    if (line.startsWith('-# ')) {
      flush();
      out.push(h('p', { class: 'subtext' }, inline(line.slice(3), names)));
      continue;
    }
    const item = line.match(/^(\s*)([-*]|\d+\.) (.*)$/);
    if (item) {
      flush();
      const ordered = /\d/.test(item[2]);
      const items = [];
      for (; i < lines.length; i++) {
        const m = lines[i].match(/^(\s*)([-*]|\d+\.) (.*)$/);
        if (!m || /\d/.test(m[2]) !== ordered) break;
        items.push(h('li', {}, inline(m[3], names)));
      }
      i--;
      out.push(h(ordered ? 'ol' : 'ul', {}, items));
      continue;
    }
    para.push(line);
  }
  flush();
  return out;
}

// The inline marks, tried in this order at each place: the first that
// matches there wins.
const INLINE = [
  [/^\\([^\w\s])/, (m) => m[1]],
  [/^``([^]+?)``/, (m) => h('code', {}, m[1])],
  [/^`([^`]+)`/, (m) => h('code', {}, m[1])],
  [/^\*\*\*([^]+?)\*\*\*/, (m, n) => h('strong', {}, h('em', {}, inline(m[1], n)))],
  [/^\*\*([^]+?)\*\*/, (m, n) => h('strong', {}, inline(m[1], n))],
  [/^__([^]+?)__/, (m, n) => h('u', {}, inline(m[1], n))],
  [/^\*([^*\s](?:[^*]*[^*\s])?)\*/, (m, n) => h('em', {}, inline(m[1], n))],
  [/^_([^_\s](?:[^_]*[^_\s])?)_(?!\w)/, (m, n) => h('em', {}, inline(m[1], n))],
  [/^~~([^]+?)~~/, (m, n) => h('s', {}, inline(m[1], n))],
  [/^\|\|([^]+?)\|\|/, (m, n) => spoiler(inline(m[1], n))],
  [/^\[([^\]\n]+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/, (m, n) => link(m[2], inline(m[1], n))],
  [/^<(https?:\/\/[^\s>]+)>/, (m) => link(m[1], m[1])],
  [/^https?:\/\/[^\s<]+[^\s<.,:;"')\]]/, (m) => link(m[0], m[0])],
  [/^<@!?(\d+)>/, (m, n) => mention('@' + (n('user', m[1]) || 'unknown-user'))],
  [/^<@&(\d+)>/, (m, n) => mention('@' + (n('role', m[1]) || 'unknown-role').replace(/^@/, ''))],
  [/^<#(\d+)>/, (m, n) => mention('#' + (n('channel', m[1]) || 'unknown'))],
  [/^<\/([\w -]+):(\d+)>/, (m) => mention('/' + m[1])],
  [/^@(everyone|here)\b/, (m) => mention('@' + m[1])],
  [/^<t:(-?\d+)(?::([tTdDfFR]))?>/, (m) => timestamp(Number(m[1]), m[2] || 'f')],
];

// inline renders the marks of a paragraph.
function inline(text, names) {
  const out = [];
  let plain = '';
  let i = 0;
  outer: while (i < text.length) {
    const rest = text.slice(i);
    for (const [re, make] of INLINE) {
      const m = rest.match(re);
      if (m) {
        if (plain) out.push(plain);
        plain = '';
        out.push(make(m, names));
        i += m[0].length;
        continue outer;
      }
    }
    plain += text[i++];
  }
  if (plain) out.push(plain);
  return out;
}

function link(href, content) {
  return h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, content);
}

function mention(text) {
  return h('span', { class: 'mention' }, text);
}

// spoiler hides its text until it is pressed, as the client does.
function spoiler(content) {
  const el = h('span', { class: 'spoiler', role: 'button', tabindex: '0', 'aria-expanded': 'false', 'aria-label': 'Spoiler' }, content);
  const reveal = () => {
    el.setAttribute('aria-expanded', 'true');
    el.removeAttribute('role');
    el.removeAttribute('tabindex');
    el.removeAttribute('aria-label');
    el.classList.add('revealed');
  };
  el.addEventListener('click', reveal, { once: true });
  el.addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter' || ev.key === ' ') {
      ev.preventDefault();
      reveal();
    }
  });
  return el;
}

// timestamp writes a moment in the reader's time zone and language, in
// the style the service names by a letter.
function timestamp(seconds, style) {
  const when = new Date(seconds * 1000);
  if (Number.isNaN(when.getTime())) return '<t:' + seconds + ':' + style + '>';
  const formats = {
    t: { timeStyle: 'short' },
    T: { timeStyle: 'medium' },
    d: { dateStyle: 'short' },
    D: { dateStyle: 'long' },
    f: { dateStyle: 'long', timeStyle: 'short' },
    F: { dateStyle: 'full', timeStyle: 'short' },
  };
  const text = style === 'R' ? relative(when) : new Intl.DateTimeFormat(undefined, formats[style]).format(when);
  return h('time', { class: 'timestamp', datetime: when.toISOString(), title: when.toLocaleString() }, text);
}

// relative says how far a moment is from now: "in 30 seconds", "5
// minutes ago".
function relative(when) {
  const seconds = Math.round((when.getTime() - Date.now()) / 1000);
  const units = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60], ['second', 1]];
  const [unit, size] = units.find(([, size]) => Math.abs(seconds) >= size) || ['second', 1];
  return new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(Math.round(seconds / size), unit);
}
