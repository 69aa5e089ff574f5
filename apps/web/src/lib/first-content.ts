let markDone: () => void = () => {};
const firstContent = new Promise<void>((resolve) => {
  markDone = resolve;
});

/** Called when the main list has shown its first page. */
export function markFirstContent(): void {
  markDone();
}

/**
 * Resolves once the main content is on screen (or after `fallbackMs`): secondary requests
 * (sidebars) wait for it so they do not compete with the first page.
 */
export function afterFirstContent(fallbackMs = 2500): Promise<void> {
  return Promise.race([firstContent, new Promise<void>((r) => setTimeout(r, fallbackMs))]);
}
