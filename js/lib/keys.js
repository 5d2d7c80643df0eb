// Keep the notebook's own shortcuts off the widget's keys.

/**
 * `data-lm-suppress-shortcuts` on the root stops Lumino (JupyterLab, Notebook 7) from looking
 * above it for a shortcut's target. But a shortcut whose selector ends in `:focus` (Notebook
 * 7's arrows: `.jp-Notebook.jp-mod-commandMode:not(.jp-mod-readWrite) :focus`) matches the
 * focused card itself, before Lumino reaches the root; and Notebook 7 reads keys in the
 * capture phase, before the widget can stop them: the arrows moved the notebook's cell
 * selection instead of the focus between the piles. So the attribute also goes on whatever
 * takes the focus inside the widget.
 * @param {HTMLElement} root
 */
export function keepNotebookShortcutsOut(root) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.addEventListener("focusin", (e) => {
    if (e.target instanceof Element && !e.target.hasAttribute("data-lm-suppress-shortcuts")) {
      e.target.setAttribute("data-lm-suppress-shortcuts", "true");
    }
  });
}

/**
 * The focused element where `node` lives: in a shadow root (marimo draws widgets there)
 * `document.activeElement` is the shadow host, never the focused card or button.
 * @param {Node} node
 */
export function focusedIn(node) {
  const root = node.getRootNode();
  return (root && root.activeElement) || document.activeElement;
}
