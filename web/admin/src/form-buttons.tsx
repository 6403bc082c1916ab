import type { IconButtonProps } from '@rjsf/utils';

/**
 * The generated forms' array buttons with visible labels. @rjsf/core's own draw a Bootstrap 3
 * glyphicon, a font this app does not load, so they showed as empty boxes.
 */
function LabelledButton({ label, title, className, iconType: _iconType, icon: _icon, uiSchema: _uiSchema, registry: _registry, ...props }: IconButtonProps & { label: string }) {
  return (
    <button type="button" className={`form-button ${className ?? ''}`} title={title} aria-label={title ?? label} {...props}>
      {label}
    </button>
  );
}

const button = (label: string, fallbackTitle: string) =>
  function FormButton(props: IconButtonProps) {
    return <LabelledButton {...props} label={label} title={props.title ?? fallbackTitle} />;
  };

/** `templates.ButtonTemplates` for @rjsf's Form. */
export const FORM_BUTTONS = {
  AddButton: button('+ Add item', 'Add an item'),
  RemoveButton: button('Remove', 'Remove this item'),
  MoveUpButton: button('↑', 'Move up'),
  MoveDownButton: button('↓', 'Move down'),
  CopyButton: button('Copy', 'Copy this item'),
  ClearButton: button('Clear', 'Clear'),
};
