// A tiny element builder: the playground's panels are small enough not to need a framework.
type Attrs = Record<string, string | ((e: Event) => void)>;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === "function") node.addEventListener(name.replace(/^on/, ""), value);
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}
