// How @rjsf/core draws the configurator's form: the top level in the block's groups (in the order
// a person decides; Avanzate closed), fields that do not apply left out, each field's one-line help
// with the long text behind "Dettagli", enum values in words, and its buttons as Bootstrap Italia
// text buttons that say what they act on. The block table (blocks.ts) says what; this draws it.
import type { ComponentChildren } from 'preact';
import { getDefaultRegistry } from '@rjsf/core';
import {
  TranslatableString,
  type DescriptionFieldProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type Registry,
  type WidgetProps,
} from '@rjsf/utils';
import type { BlockKind, Config, PickerKind } from './blocks';
import { Markdown } from './markdown';
import { applies } from './schema-ui';
import type { Texts } from './texts';

/** What the templates need from the page (rjsf's formContext). */
export interface FormContext {
  kind: BlockKind;
  /** The config as the form holds it (the rules read it). */
  config: Config;
  t: Texts;
  /** A picker, drawn at the top of its group. */
  picker(kind: PickerKind): ComponentChildren;
  /**
   * What the pickers show besides the config (the classes and fields as loaded, the API portal), as
   * data: rjsf redraws a field only when its props differ deeply, functions counting as equal, so a
   * load that ends changes nothing it can see unless it is here.
   */
  pickerData: unknown;
  /** JSON pointers with a problem: shown even where their rule says they do not apply. */
  problems: Set<string>;
  /** The groups open now (Avanzate starts closed); the page opens one to show a problem's field. */
  open: Set<string>;
  toggle(group: string): void;
}

const contextOf = (registry: Registry) => registry.formContext as FormContext;

/** `root_facets_0__remove` → `/facets/0`. */
const pathOfId = (id?: string) =>
  '/' +
  String(id || '')
    .replace(/^root_?/, '')
    .replace(/__\w+$/, '')
    .split('_')
    .filter(Boolean)
    .join('/');

type ButtonProps = IconButtonProps & { registry: Registry };

function TextButton({ label, tone, ...props }: ButtonProps & { label: TranslatableString; tone: string }) {
  const { registry, uiSchema, iconType, icon, className, ...rest } = props as any;
  const text = registry.translateString(label);
  const where = pathOfId(rest.id);
  return (
    <button
      type="button"
      {...rest}
      title={undefined}
      aria-label={where === '/' ? text : `${text} ${where}`}
      className={`btn btn-xs btn-${tone} me-1 mb-1`}
    >
      {text}
    </button>
  );
}

export const buttonTemplates = {
  AddButton: (p: ButtonProps) => <TextButton {...p} label={TranslatableString.AddButton} tone="outline-primary" />,
  RemoveButton: (p: ButtonProps) => <TextButton {...p} label={TranslatableString.RemoveButton} tone="outline-danger" />,
  MoveUpButton: (p: ButtonProps) => <TextButton {...p} label={TranslatableString.MoveUpButton} tone="outline-secondary" />,
  MoveDownButton: (p: ButtonProps) => <TextButton {...p} label={TranslatableString.MoveDownButton} tone="outline-secondary" />,
  CopyButton: (p: ButtonProps) => <TextButton {...p} label={TranslatableString.CopyButton} tone="outline-secondary" />,
};

const core = getDefaultRegistry();
const CoreSelect = core.widgets.SelectWidget;
const CoreCheckboxes = core.widgets.CheckboxesWidget;
const CoreObject = core.templates.ObjectFieldTemplate;

/** The schema's words for its values (`x-enum-labels`, from the block table), on a widget's options. */
function withLabels(props: WidgetProps): WidgetProps {
  const labels: Record<string, string> | undefined = props.schema['x-enum-labels'] || (props.schema.items as any)?.['x-enum-labels'];
  if (!labels || !Array.isArray(props.options.enumOptions)) return props;
  const enumOptions = props.options.enumOptions.map((o) => ({ ...o, label: labels[String(o.value)] ?? o.label }));
  return { ...props, options: { ...props.options, enumOptions } };
}

/**
 * A select in words; the select that chooses a union's form (`a facet: a field name or a field
 * with a label`) has no label of its own in @rjsf/core: it gets one, hidden, naming its field.
 */
function SelectWidget(props: WidgetProps) {
  const union = /__(one|any)of_select$/.test(props.id);
  if (!union) return <CoreSelect {...withLabels(props)} />;
  const form = props.registry.translateString(TranslatableString.Type);
  return (
    <>
      <label
        className="visually-hidden"
        htmlFor={props.id}
      >{`${form}: ${pathOfId(props.id.replace(/__(one|any)of_select$/, '__x'))}`}</label>
      <CoreSelect {...props} />
    </>
  );
}

const CheckboxesWidget = (props: WidgetProps) => <CoreCheckboxes {...withLabels(props)} />;

export const widgets = { SelectWidget, CheckboxesWidget };

/** A field's one-line help, and its long text behind "Dettagli" (which screen readers reach in order, not as the field's description). */
function DescriptionField({ id, description, schema, registry }: DescriptionFieldProps) {
  if (!description) return null;
  const details: string | undefined = (schema as any)['x-details'];
  const t = contextOf(registry)?.t;
  return (
    <>
      <div id={id} className="field-description">
        {typeof description === 'string' ? <Markdown>{description}</Markdown> : description}
      </div>
      {details && details !== description && t && (
        <details className="configuratore-dettagli">
          <summary>{t('details')}</summary>
          <p>
            <Markdown>{details}</Markdown>
          </p>
        </details>
      )}
    </>
  );
}

const pointerOf = (path: Array<string | number>, name: string) =>
  '/' + [...path, name].map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Objects: their fields that apply (the block table's rules; a field with a problem always shows).
 * The config itself: its groups, each with its pickers first, then its fields in the group's order;
 * a key no group names goes to the last group (Avanzate).
 */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const ctx = contextOf(props.registry);
  if (!ctx) return <CoreObject {...props} />;
  const path = props.fieldPathId.path;
  const shown = props.properties.filter((p) => {
    const pointer = pointerOf(path, p.name);
    return ctx.problems.has(pointer) || applies(ctx.kind, ctx.config, pointer);
  });
  if (path.length) return <CoreObject {...props} properties={shown} />;
  const groups = ctx.kind.groups;
  const named = new Set(groups.flatMap((g) => g.keys));
  const byName = new Map(shown.map((p) => [p.name, p]));
  return (
    <div className="configuratore-gruppi">
      {groups.map((g, i) => {
        const keys = i === groups.length - 1 ? [...g.keys, ...shown.map((p) => p.name).filter((k) => !named.has(k))] : g.keys;
        const fields = keys.map((k) => byName.get(k)).filter((p) => p && !p.hidden);
        const pickers = (g.pickers || [])
          .filter((k) => applies(ctx.kind, ctx.config, 'picker:' + k))
          .map((k) => <div key={k}>{ctx.picker(k)}</div>);
        const hidden = keys
          .map((k) => byName.get(k))
          .filter((p) => p?.hidden)
          .map((p) => p!.content);
        if (!fields.length && !pickers.length)
          return (
            <div key={g.id} hidden>
              {hidden}
            </div>
          );
        const id = `configuratore-gruppo-${g.id}`;
        const open = ctx.open.has(g.id);
        // Bootstrap Italia's accordion: a heading holding the button (headings stay headings for screen readers)
        return (
          <div key={g.id} className="configuratore-gruppo">
            <h3 className="configuratore-gruppo-titolo" id={id + '-titolo'}>
              <button
                type="button"
                className={'accordion-button' + (open ? '' : ' collapsed')}
                aria-expanded={open}
                aria-controls={id}
                onClick={() => ctx.toggle(g.id)}
              >
                {g.title[ctx.t.lang]}
              </button>
            </h3>
            <div id={id} role="region" aria-labelledby={id + '-titolo'} className="configuratore-gruppo-corpo" hidden={!open}>
              {pickers}
              {fields.map((p) => p!.content)}
              {hidden}
            </div>
          </div>
        );
      })}
    </div>
  );
}

export const templates = { ButtonTemplates: buttonTemplates, DescriptionFieldTemplate: DescriptionField, ObjectFieldTemplate };
