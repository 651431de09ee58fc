/** Sends the browser to `link` with a full navigation (it leaves the app). */
export function goTo(link: string): void {
  window.location.assign(link);
}
