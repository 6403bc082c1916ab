import type { IconButtonProps } from '@rjsf/utils';

/**
 * The generated forms' array buttons with visible labels. @rjsf/core's own draw a Bootstrap 3
 * glyphicon, a font this app does not load, so they showed as empty boxes.
 */
function LabelledButton({ label, kind, title, className, iconType: _iconType, icon: _icon, uiSchema: _uiSchema, registry: _registry, ...props }: IconButtonProps & { label: string; kind: string }) {
  return (
    // A worded label is the button's name (what a speech user says); an arrow is named by its title.
    <button type="button" className={`form-button form-button-${kind} ${className ?? ''}`} title={title} aria-label={/\w/.test(label) ? undefined : (title ?? label)} {...props}>
      {label}
    </button>
  );
}

const button = (kind: string, label: string, fallbackTitle: string) =>
  function FormButton(props: IconButtonProps) {
    return <LabelledButton {...props} kind={kind} label={label} title={props.title ?? fallbackTitle} />;
  };

/** `templates.ButtonTemplates` for @rjsf's Form (each button has the class `form-button-<kind>`). */
export const FORM_BUTTONS = {
  AddButton: button('add', '+ Add item', 'Add an item'),
  RemoveButton: button('remove', 'Remove', 'Remove this item'),
  MoveUpButton: button('up', '↑', 'Move up'),
  MoveDownButton: button('down', '↓', 'Move down'),
  CopyButton: button('copy', 'Copy', 'Copy this item'),
  ClearButton: button('clear', 'Clear', 'Clear'),
};
