// A button that asks to be clicked twice before it does something that discards work (Reset). The
// first click arms it and says so on the button; it disarms when the pointer or the focus leaves it,
// not after a time: a person reading the label, or a slow machine, must not find it silently disarmed.
// `data-armed` on the button shows the state (the browser tests wait on it). The armed label is longer:
// where the toolbar wraps (a phone) the button moves out from under the pointer, which is no leaving,
// so only a pointer that moved over the armed button and then left disarms it.

export function confirmButton(button: HTMLElement, armedLabel: string, action: () => void) {
  const label = button.textContent ?? "";
  let pointerOver = false;
  const disarm = () => {
    delete button.dataset["armed"];
    button.textContent = label;
  };
  button.addEventListener("click", () => {
    if (button.dataset["armed"] === undefined) {
      button.dataset["armed"] = "true";
      button.textContent = armedLabel;
      pointerOver = false;
      return;
    }
    disarm();
    action();
  });
  button.addEventListener("pointermove", () => (pointerOver = true));
  button.addEventListener("mouseleave", () => pointerOver && disarm());
  button.addEventListener("blur", disarm);
  button.addEventListener("keydown", (e) => e.key === "Escape" && disarm());
}
