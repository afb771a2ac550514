// @rjsf/core's buttons drawn as Bootstrap Italia text buttons: its own are Bootstrap 3 glyph icons
// (empty boxes here) named only by a title. Each says what it acts on, read from its id
// (`root_facets_0__remove` → "/facets/0"), so a screen reader's button list tells them apart.
import { getDefaultRegistry } from '@rjsf/core';
import { TranslatableString, type IconButtonProps, type Registry, type WidgetProps } from '@rjsf/utils';

/** `root_facets_0__remove` → `/facets/0`. */
const pathOfId = (id?: string) => '/' + String(id || '').replace(/^root_?/, '').replace(/__\w+$/, '').split('_').filter(Boolean).join('/');

type ButtonProps = IconButtonProps & { registry: Registry };

function TextButton({ label, tone, ...props }: ButtonProps & { label: TranslatableString; tone: string }) {
  const { registry, uiSchema, iconType, icon, className, ...rest } = props as any;
  const text = registry.translateString(label);
  const where = pathOfId(rest.id);
  return (
    <button type="button" {...rest} title={undefined} aria-label={where === '/' ? text : `${text} ${where}`} className={`btn btn-xs btn-${tone} me-1 mb-1`}>
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

const CoreSelect = getDefaultRegistry().widgets.SelectWidget;

/**
 * The select that chooses a union's form (`itemsPerRow`: a number or "auto"; a facet: text or an
 * object) has no label of its own in @rjsf/core: it gets one, hidden, naming its field.
 */
function SelectWidget(props: WidgetProps) {
  const union = /__(one|any)of_select$/.test(props.id);
  if (!union) return <CoreSelect {...props} />;
  const form = props.registry.translateString(TranslatableString.Type);
  return (
    <>
      <label className="visually-hidden" htmlFor={props.id}>{`${form}: ${pathOfId(props.id.replace(/__(one|any)of_select$/, '__x'))}`}</label>
      <CoreSelect {...props} />
    </>
  );
}

export const widgets = { SelectWidget };
