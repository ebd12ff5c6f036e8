// A modal the bot opens is a dialog, titled by its title, with its inputs
// labelled; submitting it sends what was filled in.

import { h } from './api.js';

const $ = (id) => document.getElementById(id);

// Component types of modals.
const ROW = 1, STRING_SELECT = 3, TEXT_INPUT = 4, USER_SELECT = 5, ROLE_SELECT = 6, MENTIONABLE_SELECT = 7, CHANNEL_SELECT = 8,
  TEXT_DISPLAY = 10, LABEL = 18, FILE_UPLOAD = 19, RADIO_GROUP = 21, CHECKBOX_GROUP = 22, CHECKBOX = 23;
const PARAGRAPH = 2;

export class Dialog {
  // submit(modal, {fields, values, checked, files}) resolves to a
  // refusal's text, or null when the modal was submitted; dismiss(modal)
  // tells the emulator the user closed it unsent; onClose is called when
  // the dialog closes, to put the focus back.
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
    // A field is an input under its label, or for a group a fieldset
    // whose legend is the label; a checkbox is beside its label.
    const field = (label, description, c) => {
      const id = 'modal-input-' + n++;
      const hint = description ? h('span', { id: id + '-hint', class: 'hint' }, description) : null;
      const hintID = hint && id + '-hint';
      switch (c && c.type) {
        case RADIO_GROUP: case CHECKBOX_GROUP:
          return h('div', { class: 'field' }, this.group(c, id, label, hintID), hint);
        case CHECKBOX:
          return h('div', { class: 'field' }, h('label', { class: 'check' }, this.input(c, id, hintID), label), hint);
      }
      return h('div', { class: 'field' }, h('label', { for: id }, label), this.input(c, id, hintID), hint);
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
    const attrs = { id, name: c.custom_id, 'data-type': c.type, 'data-name': c.custom_id, 'aria-describedby': hint,
      'aria-required': c.required === false ? null : 'true' };
    switch (c.type) {
      case TEXT_INPUT: {
        const text = { ...attrs, placeholder: c.placeholder || null, minlength: c.min_length ?? null, maxlength: c.max_length ?? null };
        return c.style === PARAGRAPH ? h('textarea', text, c.value || '') : h('input', { ...text, type: 'text', value: c.value || '' });
      }
      case FILE_UPLOAD:
        // The picker offers only the files file_types allows, as the
        // client's does.
        return h('input', { ...attrs, type: 'file', multiple: (c.max_values || 1) > 1, accept: this.accept(c.file_types) });
      case CHECKBOX:
        // A checkbox has no required field: it is ticked or not.
        return h('input', { ...attrs, type: 'checkbox', checked: !!c.default, 'aria-required': null });
      case STRING_SELECT: case USER_SELECT: case ROLE_SELECT: case MENTIONABLE_SELECT: case CHANNEL_SELECT:
        return h('select', { ...attrs, multiple: (c.max_values || 1) > 1 },
          (c.max_values || 1) > 1 ? null : h('option', { value: '' }, c.placeholder || '—'),
          this.choices(c).map(([value, label, selected]) => h('option', { value, selected }, label)));
    }
    return h('p', { class: 'unknown' }, '(an input of type ' + c.type + ')');
  }

  // group is a radio group, a radiogroup of radios, or a checkbox group,
  // a group of checkboxes: a fieldset named by its legend, the label,
  // each option named by its label and described by its description. A
  // radio group that is not required offers None, to pick nothing.
  group(c, id, label, hint) {
    const radio = c.type === RADIO_GROUP;
    const option = (value, text, description, checked, i) => {
      const oid = id + '-' + i;
      const about = description ? h('span', { id: oid + '-hint', class: 'hint' }, description) : null;
      return h('div', { class: 'choice' },
        h('input', { id: oid, type: radio ? 'radio' : 'checkbox', name: c.custom_id, value, checked, 'aria-describedby': about && oid + '-hint' }),
        h('label', { for: oid }, text), about);
    };
    const options = (c.options || []).map((o, i) => option(o.value, o.label, o.description, !!o.default, i));
    if (radio && c.required === false) {
      options.push(option('', 'None', null, !(c.options || []).some((o) => o.default), options.length));
    }
    return h('fieldset', {
      class: 'choices', role: radio ? 'radiogroup' : 'group', 'data-type': c.type, 'data-name': c.custom_id,
      'aria-labelledby': id + '-label', 'aria-describedby': hint,
      'aria-required': radio && c.required !== false ? 'true' : null,
    }, h('legend', { id: id + '-label' }, label), options);
  }

  // accept is the accept attribute of a file upload's picker: the
  // extensions file_types lists, with those of the groups it names.
  accept(types) {
    if (!types || !types.length) return null;
    const groups = this.world().file_type_groups || {};
    return types.flatMap((t) => groups[t] || [t.toLowerCase()]).join(',');
  }

  // choices are [value, label, selected] of a menu in a modal: a string
  // select's options, or what the client offers where the modal is, the
  // guild's members (in direct messages, the user and the bot), its roles,
  // its channels of the types the menu takes; default_values selected.
  choices(c) {
    if (c.type === STRING_SELECT) return (c.options || []).map((o) => [o.value, o.label, !!o.default]);
    const state = this.world();
    const guild = state.guilds.find((g) => g.id === state.chosen.guild);
    const preset = new Set((c.default_values || []).map((d) => d.id));
    const offered = (id, label) => [id, label, preset.has(id)];
    const users = state.users.filter((u) => (guild ? guild.members.includes(u.id) : u.id === state.chosen.user || u.id === state.bot.id))
      .map((u) => offered(u.id, '@' + u.username));
    const roles = (guild ? guild.roles : []).map((r) => offered(r.id, '@' + r.name.replace(/^@/, '')));
    if (c.type === USER_SELECT) return users;
    if (c.type === ROLE_SELECT) return roles;
    if (c.type === MENTIONABLE_SELECT) return [...users, ...roles];
    const types = c.channel_types || [];
    return (guild ? guild.channels : []).filter((ch) => !types.length || types.includes(ch.type)).map((ch) => offered(ch.id, '#' + ch.name));
  }

  // filled is what the user filled in, as /api/submit takes it.
  filled() {
    const out = { fields: {}, values: {}, checked: {}, files: {} };
    for (const el of $('modal-fields').querySelectorAll('[data-type]')) {
      const name = el.dataset.name;
      switch (Number(el.dataset.type)) {
        case TEXT_INPUT:
          out.fields[name] = el.value;
          break;
        case FILE_UPLOAD:
          out.files[name] = [...el.files].map((f) => ({ filename: f.name, size: f.size, content_type: f.type || undefined }));
          break;
        case CHECKBOX:
          out.checked[name] = el.checked;
          break;
        case RADIO_GROUP: case CHECKBOX_GROUP:
          out.values[name] = [...el.querySelectorAll('input:checked')].map((x) => x.value).filter(Boolean);
          break;
        default:
          if (el.tagName === 'SELECT') out.values[name] = [...el.selectedOptions].map((o) => o.value).filter(Boolean);
      }
    }
    return out;
  }
}
