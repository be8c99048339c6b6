import { field } from './fields';
import { defineResource } from './resource';

/**
 * What a form field asks for; "title", "iframe" and "form_state" lay out or track a form rather than
 * ask. A text field flagged autocomplete suggests its options while typed.
 */
export const formFieldTypes = [
  'text',
  'textarea',
  'number',
  'date',
  'month_year',
  'select',
  'multiselect',
  'checkbox',
  'individual',
  'structure',
  'title',
  'iframe',
  'form_state',
] as const;

/** Spec 9: a form field's font size, 21 px unless chosen, between these bounds. */
export const FONT_SIZE = { default: 21, min: 8, max: 72 } as const;

/**
 * Form fields, gathered into forms (formulaires). Type-specific settings sit in their own tabs:
 * the options of a select, the thousands separator and unit of a number, the months a month-year
 * accepts, the states of a form state, the page an iframe shows.
 */
export const formFields = defineResource({
  slug: 'champs-de-formulaire',
  table: 'form_fields',
  menu: { section: 'other', icon: 'list' },
  titleField: 'name',
  behaviours: { modalCreate: true },
  fields: {
    // The first tab's name: untabbed fields join it.
    name: field.text({ required: true, list: true, sortable: true, searchable: true, tab: 'general' }),
    type: field.select(formFieldTypes, { required: true, defaultValue: 'text', list: true, filter: true }),
    autocomplete: field.boolean({ list: true, filter: true }),
    highlightColor: field.color(),
    bold: field.boolean(),
    fontSize: field.integer({ required: true, defaultValue: FONT_SIZE.default }),
    options: field.collection(
      { label: field.text({ required: true }), value: field.text({ required: true }) },
      { tab: 'options' },
    ),
    thousandsSeparator: field.boolean({ tab: 'number' }),
    unit: field.text({ maxLength: 20, tab: 'number' }),
    // A month-year question (mm/aaaa, spec 5) may bound the months it accepts.
    firstMonth: field.monthYear({ tab: 'month_year' }),
    lastMonth: field.monthYear({ tab: 'month_year' }),
    states: field.collection({ name: field.text({ required: true }), color: field.color() }, { tab: 'states' }),
    // An iframe shows this page, when its host is one of the allowed iframe sites (configuration).
    iframeUrl: field.url({ tab: 'iframe' }),
  },
});
