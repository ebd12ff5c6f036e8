// The channel: the bot's messages, each with what the user did to make
// it, and the messages posted in the channel, by the bot or by users,
// with their components, reactions and threads, which the user uses from
// here.

import { h, compareIDs, safeURL } from './api.js';
import { markdown } from './markdown.js';

const log = () => document.getElementById('channel');

// Component types and button styles of the service.
const ROW = 1, BUTTON = 2, STRING_SELECT = 3, USER_SELECT = 5, ROLE_SELECT = 6, MENTIONABLE_SELECT = 7, CHANNEL_SELECT = 8,
  SECTION = 9, TEXT_DISPLAY = 10, THUMBNAIL = 11, MEDIA_GALLERY = 12, FILE = 13, SEPARATOR = 14, CONTAINER = 17;
const LINK = 5, PREMIUM = 6;
// Message types of the service the channel words.
const THREAD_CREATED = 18, REPLY = 19, THREAD_STARTER = 21;
const STYLE_NAMES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'premium' };

// Channel keeps the log in the order of the messages' ids.
export class Channel {
  // actions: {click(message, button), choose(message, select, values),
  // note(text), user(user) -> the button of a user's name and menu,
  // messageMenu(message) -> the button of a message's menu,
  // react(message, emoji, on), openThread(thread)}
  // world: () => the state, for the users, roles and channels of menus.
  constructor(actions, world) {
    this.actions = actions;
    this.world = world;
    this.shown = new Map(); // each message's JSON as last shown, by id
  }

  reset() {
    this.shown.clear();
    log().replaceChildren(h('p', { class: 'empty', id: 'channel-empty' },
      'No messages yet. Type / in the message box to use a command.'));
  }

  // upsert shows a message, in place of what it was. A message sent
  // again unchanged is left as it is, with what the user did to it (a
  // spoiler revealed, a menu open).
  upsert(m) {
    document.getElementById('channel-empty')?.remove();
    const old = document.getElementById('m-' + m.id);
    const json = JSON.stringify(m);
    if (old && this.shown.get(m.id) === json) return;
    this.shown.set(m.id, json);
    const el = this.render(m);
    if (old) {
      old.replaceWith(el);
      return;
    }
    // A new message is most often the newest, which goes last without a
    // look at every other.
    const last = log().lastElementChild;
    const newest = !last || (last.dataset.id && compareIDs(last.dataset.id, m.id) < 0);
    const after = newest ? null : [...log().children].find((c) => c.dataset.id && compareIDs(c.dataset.id, m.id) > 0);
    log().insertBefore(el, after || null);
    el.scrollIntoView({ block: 'end' });
  }

  remove(id) {
    this.shown.delete(id);
    document.getElementById('m-' + id)?.remove();
  }

  render(m) {
    const head = 'm-' + m.id + '-head';
    const time = new Date(m.created);
    return h('article', { id: 'm-' + m.id, 'data-id': m.id, class: 'message' + (m.ephemeral ? ' ephemeral' : ''), 'aria-labelledby': head },
      this.context(m),
      h('header', { id: head, class: 'author' },
        h('strong', {}, m.author.name), m.author.bot ? [' ', h('span', { class: 'tag' }, 'APP')] : null, ' ',
        h('time', { datetime: m.created }, time.toLocaleTimeString()),
        m.edited ? h('span', { class: 'edited' }, ' (edited)') : null,
        m.pinned ? h('span', { class: 'pinned' }, ' Pinned') : null),
      // Beside the header, not in it: the header names the article.
      m.loading ? null : h('div', { class: 'message-actions' }, this.actions.messageMenu(m)),
      m.loading ? h('p', { class: 'thinking', role: 'status' }, m.author.name + ' is thinking…') : null,
      m.content ? markdown(m.content, this.names()) : null,
      m.embeds.map((e) => embed(e, this.names(), m.attachments)),
      m.poll ? poll(m.poll) : null,
      m.attachments.length ? h('ul', { class: 'attachments', 'aria-label': 'Attachments' },
        m.attachments.map((a) => h('li', {}, a.spoiler ? spoilerFile(a) : file(a)))) : null,
      m.components.map((c) => this.component(m, c)),
      (m.reactions || []).length ? h('div', { class: 'reactions', role: 'group', 'aria-label': 'Reactions' },
        m.reactions.map((r) => this.reaction(m, r))) : null,
      m.thread ? h('p', { class: 'thread-link' }, h('button', { type: 'button', class: 'button secondary',
        onclick: () => this.actions.openThread(m.thread.id) }, threadName(m.thread))) : null,
      m.ephemeral ? h('p', { class: 'only-you' }, 'Only you can see this') : null);
  }

  // context says what made a message, above it: who did what for an
  // answer, what a reply answers, or that a thread started.
  context(m) {
    if (m.interaction) {
      return h('p', { class: 'context' }, m.original ? '' : 'Follow-up: ', this.actions.user(m.interaction.user), ' ' + m.interaction.summary);
    }
    if (m.type === REPLY && m.reply_to) {
      const shown = this.shown.get(m.reply_to);
      if (!shown) return h('p', { class: 'context reply' }, 'Replying to a message no longer shown');
      const to = JSON.parse(shown);
      const text = to.content.length > 80 ? to.content.slice(0, 80) + '…' : to.content;
      return h('p', { class: 'context reply' }, 'Replying to ', h('a', { href: '#m-' + to.id }, to.author.name), text ? ': ' + text : '');
    }
    if (m.type === THREAD_CREATED) return h('p', { class: 'context' }, m.author.name + ' started a thread');
    if (m.type === THREAD_STARTER && m.starter) {
      const where = this.names()('channel', m.starter.channel);
      return h('p', { class: 'context reply' }, 'The thread started from a message of ' + m.starter.author.name +
        (where ? ' in #' + where : '') + (m.starter.content ? ': ' + m.starter.content : ''));
    }
    return null;
  }

  // reaction is a reaction's button: its emoji and count, pressed when
  // the user reacted with it, which presses it again to take the
  // reaction back.
  reaction(m, r) {
    const name = r.name + ' ' + r.count + (r.count === 1 ? ' reaction' : ' reactions');
    return h('button', { type: 'button', class: 'reaction' + (r.me ? ' me' : ''), 'aria-pressed': r.me ? 'true' : 'false', 'aria-label': name,
      onclick: () => this.actions.react(m.id, r.emoji, !r.me) }, r.name + ' ' + r.count);
  }

  // component renders a component of message m, and wires it.
  component(m, c) {
    switch (c.type) {
      case ROW:
        return h('div', { class: 'row', role: 'group' }, (c.components || []).map((x) => this.component(m, x)));
      case BUTTON:
        return this.button(m, c);
      case STRING_SELECT: case USER_SELECT: case ROLE_SELECT: case MENTIONABLE_SELECT: case CHANNEL_SELECT:
        return this.select(m, c);
      case TEXT_DISPLAY:
        return markdown(c.content, this.names());
      case SECTION:
        return h('div', { class: 'section' }, (c.components || []).map((x) => this.component(m, x)),
          c.accessory ? this.component(m, c.accessory) : null);
      case CONTAINER:
        return h('div', { class: 'container' }, (c.components || []).map((x) => this.component(m, x)));
      case SEPARATOR:
        return h('hr', {});
      case THUMBNAIL:
        return media(c.media, c.description, m.attachments);
      case MEDIA_GALLERY:
        return h('ul', { class: 'gallery' }, (c.items || []).map((i) => h('li', {}, media(i.media, i.description, m.attachments))));
      case FILE:
        return h('p', { class: 'file' }, 'File: ', media(c.file, null, m.attachments, true));
    }
    return h('p', { class: 'unknown' }, '(a component of type ' + c.type + ')');
  }

  button(m, c) {
    const label = [c.emoji && c.emoji.name, c.label].filter(Boolean).join(' ');
    const cls = 'button ' + (STYLE_NAMES[c.style] || 'secondary');
    if (c.style === LINK) {
      // The client opens a link button's URL; the bot hears nothing. A
      // disabled one, or one whose URL is no web address, opens nothing.
      const href = c.disabled ? null : safeURL(c.url);
      return h('a', { class: cls, href, target: '_blank', rel: 'noopener noreferrer', role: href ? null : 'link', 'aria-disabled': href ? null : 'true' }, label);
    }
    if (c.style === PREMIUM) {
      return h('button', { type: 'button', class: cls, disabled: c.disabled,
        onclick: () => this.actions.note('The client would offer SKU ' + c.sku_id + ' for sale; the bot receives nothing.') },
      'Buy (SKU ' + c.sku_id + ')');
    }
    return h('button', { type: 'button', class: cls, disabled: c.disabled,
      onclick: () => this.actions.click(m.id, c.custom_id) }, label || c.custom_id);
  }

  select(m, c) {
    const multiple = (c.max_values || 1) > 1;
    const name = c.placeholder || c.custom_id;
    const choices = this.choicesOf(c);
    const sel = h('select', { 'aria-label': name, multiple, disabled: c.disabled },
      multiple ? null : h('option', { value: '', disabled: true, selected: !choices.some((o) => o.selected) }, c.placeholder || 'Choose…'),
      choices.map((o) => h('option', { value: o.value, selected: o.selected }, o.label)));
    const choose = () => this.actions.choose(m.id, c.custom_id, [...sel.selectedOptions].map((o) => o.value).filter(Boolean));
    if (!multiple) {
      sel.addEventListener('change', choose);
      return h('div', { class: 'menu' }, sel);
    }
    // The client sends a menu of several values when it closes.
    return h('div', { class: 'menu' }, sel, h('button', { type: 'button', class: 'button secondary', disabled: c.disabled, onclick: choose }, 'Choose: ' + name));
  }

  // names finds the names mentions show: names(kind, id), kind being
  // "user", "role" or "channel".
  names() {
    const state = this.world();
    return (kind, id) => {
      if (kind === 'user') return state.users.find((u) => u.id === id)?.username ?? null;
      for (const g of state.guilds) {
        const found = (kind === 'role' ? g.roles : g.channels).find((x) => x.id === id);
        if (found) return found.name;
      }
      return null;
    };
  }

  // choicesOf lists what a menu offers: its options, or the guild's
  // users, roles or channels.
  choicesOf(c) {
    if (c.type === STRING_SELECT) {
      return (c.options || []).map((o) => ({ value: o.value, label: o.label, selected: !!o.default }));
    }
    const state = this.world();
    const guild = state.guilds.find((g) => g.id === state.chosen.guild);
    const defaults = new Set((c.default_values || []).map((d) => d.id));
    const users = () => state.users.filter((u) => !guild || guild.members.includes(u.id))
      .map((u) => ({ value: u.id, label: '@' + u.username, selected: defaults.has(u.id) }));
    const roles = () => (guild ? guild.roles : []).map((r) => ({ value: r.id, label: '@' + r.name.replace(/^@/, ''), selected: defaults.has(r.id) }));
    switch (c.type) {
      case USER_SELECT: return users();
      case ROLE_SELECT: return roles();
      case MENTIONABLE_SELECT: return [...users(), ...roles()];
    }
    const types = c.channel_types || [];
    return (guild ? guild.channels : []).filter((ch) => !types.length || types.includes(ch.type))
      .map((ch) => ({ value: ch.id, label: '#' + ch.name, selected: defaults.has(ch.id) }));
  }
}

function embed(e, names, attachments) {
  const el = h('section', { class: 'embed', 'aria-label': e.title || 'Embed' },
    e.author ? h('p', { class: 'embed-author' }, e.author.name) : null,
    e.title ? h('h3', {}, safeURL(e.url) ? h('a', { href: safeURL(e.url), target: '_blank', rel: 'noopener noreferrer' }, e.title) : e.title) : null,
    e.description ? markdown(e.description, names) : null,
    e.fields && e.fields.length ? h('dl', {}, e.fields.map((f) => [h('dt', {}, f.name), h('dd', {}, markdown(f.value, names))])) : null,
    e.image ? media(e.image, 'Image', attachments) : null,
    e.thumbnail ? media(e.thumbnail, 'Thumbnail', attachments) : null,
    e.footer ? h('footer', {}, e.footer.text) : null);
  if (e.color) el.style.borderInlineStartColor = '#' + e.color.toString(16).padStart(6, '0');
  return el;
}

// media shows a file of the message's own, named attachment://name, as
// the client does: a picture as a picture. Anything elsewhere is linked
// rather than shown, since the page requests nothing elsewhere.
function media(m, description, attachments, plain) {
  if (!m || !m.url) return null;
  const own = m.url.startsWith('attachment://') && attachments.find((a) => a.filename === m.url.slice('attachment://'.length));
  if (own) {
    if (own.preview && !plain) return h('img', { src: own.preview, alt: description || own.filename, class: 'preview' });
    return h('a', { href: own.url, download: own.filename }, own.filename);
  }
  const href = safeURL(m.url);
  const link = href ? h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, m.url) : h('span', {}, m.url);
  return plain ? link : h('p', { class: 'media' }, (description || 'Media') + ': ', link);
}

// file shows an attachment: a picture as a picture, and a link to save
// it, with its size.
function file(a) {
  return [
    a.preview ? h('img', { src: a.preview, alt: a.filename, class: 'preview' }) : null,
    h('a', { href: a.url, download: a.filename }, a.filename), ' (' + size(a.size) + ')',
  ];
}

// spoilerFile hides an attachment marked a spoiler behind a button, as the
// client blurs it, until the user presses it.
function spoilerFile(a) {
  const cover = h('button', { type: 'button', class: 'spoiler-file', 'aria-label': 'Spoiler: ' + a.filename }, 'Spoiler');
  cover.addEventListener('click', () => {
    const shown = file(a);
    cover.replaceWith(...shown);
    // The file's link takes the focus the button had.
    shown.find((x) => x instanceof HTMLAnchorElement)?.focus();
  }, { once: true });
  return cover;
}

// poll shows a poll: its question, its answers in their order with their
// emoji, and when it closes. The bot cannot vote, nor can anyone here.
function poll(p) {
  const expiry = new Date(p.expiry);
  const closed = expiry <= new Date();
  return h('section', { class: 'poll', 'aria-label': 'Poll: ' + p.question },
    h('p', { class: 'poll-question' }, p.question),
    h('ol', { class: 'poll-answers', 'aria-label': 'Answers' },
      p.answers.map((a) => {
        // A custom emoji's picture is elsewhere: it is named instead.
        const emoji = a.custom ? ':' + (a.emoji || 'custom emoji') + ':' : a.emoji;
        return h('li', {}, emoji ? h('span', { class: 'poll-emoji' }, emoji) : null, emoji ? ' ' : null, a.text);
      })),
    h('p', { class: 'poll-expiry' },
      p.allow_multiselect ? 'Select one or more answers. ' : 'Select one answer. ',
      closed ? 'Closed ' : 'Closes ',
      h('time', { datetime: p.expiry }, expiry.toLocaleString())));
}

// threadName names the button into a thread a message started, with how
// many messages it shows.
export function threadName(t) {
  return 'Thread ' + t.name + ', ' + t.message_count + (t.message_count === 1 ? ' message' : ' messages');
}

function size(n) {
  if (n < 1024) return n + ' B';
  if (n < 1024 * 1024) return (n / 1024).toFixed(1) + ' KiB';
  return (n / 1024 / 1024).toFixed(1) + ' MiB';
}
