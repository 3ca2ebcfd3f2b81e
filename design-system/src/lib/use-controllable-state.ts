/**
 * The one way a component holds state that may be controlled (`value` + `onValueChange`) or
 * uncontrolled (`defaultValue`): Radix's own hook, as its primitives use it. Pass the controlled
 * prop as `prop`, the uncontrolled start as `defaultProp`, the change callback as `onChange` and
 * the component's name as `caller` (named in the warning when a component switches between
 * controlled and uncontrolled).
 *
 * Controlled, the setter calls `onChange` with a new value at once and the parent decides what
 * is shown; uncontrolled, the component keeps the value and `onChange` runs once React has
 * rendered it. Setting the value it already has calls nothing.
 */
export { useControllableState } from '@radix-ui/react-use-controllable-state';
