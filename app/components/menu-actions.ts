import { showToast } from "./toaster.tsx";

// What a card's menus do once one is open (./post-link-menu.tsx): fetched when a menu first opens, so
// by the time one of its entries is pressed the code is here and runs within the press (the
// clipboard and the share sheet ask for one).

/** Closes `menu` on a press outside it, or on Escape (the focus back on its summary); returns the undo. */
export function dismissible(menu: HTMLDetailsElement) {
  const close = () => menu.removeAttribute("open");
  const onPointer = (event: Event) => {
    if (!menu.contains(event.target as Node)) close();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      close();
      menu.querySelector("summary")?.focus();
    }
  };
  document.addEventListener("click", onPointer);
  document.addEventListener("keydown", onKey);
  return () => {
    document.removeEventListener("click", onPointer);
    document.removeEventListener("keydown", onKey);
  };
}

export async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ type: "success", title: "Link copied!" });
  } catch {
    showToast({
      type: "error",
      title: "Clipboard Error",
      description: "Unable to access clipboard. Please paste manually.",
    });
  }
}

export async function nativeShare(title: string, url: string) {
  try {
    await navigator.share({ title, url });
  } catch {
    // Dismissed by the user: nothing to say.
  }
}
