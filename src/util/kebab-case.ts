/** eventTitle → event-title, allowCancellation → allow-cancellation: an API name as its flag says it. */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
