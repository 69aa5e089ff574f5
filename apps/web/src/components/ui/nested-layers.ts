/**
 * A press inside a floating layer (popover, menu, select list) opened from a dialog or popover
 * is not "outside" it, though Radix portals that layer to the end of the page. React reports
 * such presses through the component tree; Preact, which renders the browser build, does not,
 * so without this a pick from the composer's emoji popover would close the composer.
 */
export function keepOpenForNestedLayers(event: {
  target: EventTarget | null;
  preventDefault(): void;
}): void {
  const target = event.target;
  if (target instanceof Element && target.closest('[data-radix-popper-content-wrapper]')) {
    event.preventDefault();
  }
}
