// A button that turns disabled while its action runs drops the keyboard focus to <body>; this puts it
// back on the control once the action is over, unless the user has moved on meanwhile.
export function refocus(element: HTMLElement | null | undefined): void {
  const active = document.activeElement;
  if (element?.isConnected && (!active || active === document.body)) element.focus();
}
