// A modal the bot opens is a dialog, titled by its title, with its inputs
// labelled; submitting it sends what was filled in.

import { h } from './api.js';

const $ = (id) => document.getElementById(id);

// Component types of modals.
const ROW = 1, STRING_SELECT = 3, TEXT_INPUT = 4, USER_SELECT = 5, ROLE_SELECT = 6, MENTIONABLE_SELECT = 7, CHANNEL_SELECT = 8,
  TEXT_DISPLAY = 10, LABEL = 18, FILE_UPLOAD = 19;
const PARAGRAPH = 2;

export class Dialog {
  // submit(modal, {fields, values, files}) resolves to a refusal's text,
  // or null when the modal was submitted; dismiss(modal) tells the
  // emulator the user closed it unsent; onClose is called when the
  // dialog closes, to put the focus back.
  constructor(submit, dismiss, world, onClose) {
    this.submit = submit;
    this.world = world;
    $('modal').addEventListener('close', onClose);
    this.modal = null;
    // Cancel, or Escape, closes the modal as the client does: unsent,
    // and no longer open.
    const cancel = () => {
      if (this.modal) dismiss(this.modal);
      this.close();
    };
    $('modal-cancel').addEventListener('click', cancel);
    $('modal').addEventListener('cancel', (ev) => {
      ev.preventDefault();
      cancel();
    });
    $('modal-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const refusal = await this.submit(this.modal, this.filled());
      $('modal-refusal').textContent = refusal || '';
      if (!refusal) this.close();
    });
  }

  // show opens modal, or closes the dialog when it is null. The same
  // modal shown again is left as the user is filling it in.
  show(modal) {
    if (!modal) {
      this.close();
      return;
    }
    if (this.modal && JSON.stringify(this.modal) === JSON.stringify(modal) && $('modal').open) return;
    this.modal = modal;
    $('modal-title').textContent = modal.title;
    $('modal-refusal').textContent = '';
    let n = 0;
    const field = (label, description, c) => {
      const id = 'modal-input-' + n++;
      const hint = description ? h('span', { id: id + '-hint', class: 'hint' }, description) : null;
      return h('div', { class: 'field' }, h('label', { for: id }, label), this.input(c, id, hint && id + '-hint'), hint);
    };
    const parts = (modal.components || []).map((c) => {
      switch (c.type) {
        case LABEL: return field(c.label, c.description, c.component);
        case ROW: return (c.components || []).map((x) => field(x.label || x.custom_id, null, x));
        case TEXT_DISPLAY: return h('div', { class: 'content' }, c.content);
      }
      return h('p', { class: 'unknown' }, '(a part of type ' + c.type + ')');
    });
    $('modal-fields').replaceChildren(...parts.flat());
    if (!$('modal').open) $('modal').showModal();
  }

  close() {
    if ($('modal').open) $('modal').close();
  }

  // input is the control of a modal's input, with its custom_id as name.
  input(c, id, hint) {
    const attrs = { id, name: c.custom_id, 'data-type': c.type, 'aria-describedby': hint, 'aria-required': c.required === false ? null : 'true' };
    switch (c.type) {
      case TEXT_INPUT: {
        const text = { ...attrs, placeholder: c.placeholder || null, minlength: c.min_length ?? null, maxlength: c.max_length ?? null };
        return c.style === PARAGRAPH ? h('textarea', text, c.value || '') : h('input', { ...text, type: 'text', value: c.value || '' });
      }
      case FILE_UPLOAD:
        return h('input', { ...attrs, type: 'file', multiple: (c.max_values || 1) > 1 });
      case STRING_SELECT: case USER_SELECT: case ROLE_SELECT: case MENTIONABLE_SELECT: case CHANNEL_SELECT:
        return h('select', { ...attrs, multiple: (c.max_values || 1) > 1 },
          (c.max_values || 1) > 1 ? null : h('option', { value: '' }, c.placeholder || '—'),
          this.choices(c).map(([value, label, selected]) => h('option', { value, selected }, label)));
    }
    return h('p', { class: 'unknown' }, '(an input of type ' + c.type + ')');
  }

  // choices are [value, label, selected] of a menu in a modal.
  choices(c) {
    if (c.type === STRING_SELECT) return (c.options || []).map((o) => [o.value, o.label, !!o.default]);
    const state = this.world();
    const guild = state.guilds.find((g) => g.id === state.chosen.guild);
    const users = state.users.filter((u) => !guild || guild.members.includes(u.id)).map((u) => [u.id, '@' + u.username, false]);
    const roles = (guild ? guild.roles : []).map((r) => [r.id, '@' + r.name.replace(/^@/, ''), false]);
    if (c.type === USER_SELECT) return users;
    if (c.type === ROLE_SELECT) return roles;
    if (c.type === MENTIONABLE_SELECT) return [...users, ...roles];
    return (guild ? guild.channels : []).map((ch) => [ch.id, '#' + ch.name, false]);
  }

  // filled is what the user filled in, as /api/submit takes it.
  filled() {
    const out = { fields: {}, values: {}, files: {} };
    for (const el of $('modal-fields').querySelectorAll('[name]')) {
      if (el.type === 'file') {
        out.files[el.name] = [...el.files].map((f) => ({ filename: f.name, size: f.size, content_type: f.type || undefined }));
      } else if (el.tagName === 'SELECT') {
        out.values[el.name] = [...el.selectedOptions].map((o) => o.value).filter(Boolean);
      } else {
        out.fields[el.name] = el.value;
      }
    }
    return out;
  }
}
