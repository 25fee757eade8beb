// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastRegion } from "./toast-region";
import { TOAST_DURATION, TOAST_HOTKEY, TOAST_REMOVE_DELAY, hotkeyLabel } from "./toast-defaults";
import { Toaster } from "./toaster";
import { notify } from "./notify";
import { removeAllToasts } from "./toast-store";
import { withI18n } from "~/components/ui/test-i18n";

afterEach(() => {
  cleanup();
  removeAllToasts();
});

describe("toast defaults", () => {
  it("pins the toast defaults", () => {
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_REMOVE_DELAY).toBe(250);
    expect(TOAST_HOTKEY).toEqual(["altKey", "KeyT"]);
    expect(hotkeyLabel(TOAST_HOTKEY)).toBe("Alt+T");
    expect(hotkeyLabel(["ctrlKey", "shiftKey", "Digit1"])).toBe("Ctrl+Shift+1");
  });
});

describe("a toast's timing", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("closes after 5 s and is removed 250 ms later", () => {
    render(withI18n(<ToastRegion />));
    act(() => {
      notify("Saved");
    });
    const card = screen.getByRole("group", { name: "Notification" });
    act(() => vi.advanceTimersByTime(TOAST_DURATION - 1));
    expect(card).toHaveAttribute("data-state", "open");
    act(() => vi.advanceTimersByTime(1));
    expect(card).toHaveAttribute("data-state", "closing");
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(screen.getByText("Saved")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });

  it("pauses while hovered and closes with its Close button", () => {
    render(withI18n(<ToastRegion />));
    act(() => {
      notify("Copied");
    });
    const card = screen.getByRole("group", { name: "Notification" });
    act(() => vi.advanceTimersByTime(3000));
    // Radix pauses every toast while the pointer is over the notifications region.
    fireEvent.pointerMove(card);
    act(() => vi.advanceTimersByTime(10_000));
    expect(card).toHaveAttribute("data-state", "open");
    fireEvent.pointerLeave(screen.getByRole("region", { name: "Notifications (Alt+T)" }));
    act(() => vi.advanceTimersByTime(1999));
    expect(card).toHaveAttribute("data-state", "open");
    act(() => vi.advanceTimersByTime(1));
    expect(card).toHaveAttribute("data-state", "closing");
  });

  it("closes at once with Close, removed after 250 ms", () => {
    render(withI18n(<ToastRegion />, "pt"));
    act(() => {
      notify("Sent", { duration: Infinity });
    });
    fireEvent.click(screen.getByRole("button", { name: "Fechar" }));
    expect(screen.getByRole("group", { name: "Notificação" })).toHaveAttribute("data-state", "closing");
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY));
    expect(screen.queryByText("Sent")).not.toBeInTheDocument();
  });
});

describe("<Toaster> and notify()", () => {
  it("labels the region with the hotkey, shows a notification and Alt+T focuses it", async () => {
    render(withI18n(<Toaster />));
    expect(await screen.findByRole("region", { name: "Notifications (Alt+T)" })).toBeInTheDocument();
    act(() => {
      notify("Header copied", { kind: "success" });
    });
    expect(await screen.findByText("Header copied")).toBeInTheDocument();
    // Once on the page: the polite region reads it, Radix's announcer (filled a frame later) does not copy it.
    expect(await screen.findByText("Notification", { selector: "[role=status]" })).toBeInTheDocument();
    expect(screen.getAllByText(/Header copied/)).toHaveLength(1);
    fireEvent.keyDown(document, { altKey: true, code: "KeyT", key: "t" });
    expect(document.activeElement?.tagName).toBe("OL");
    expect(document.activeElement).toContainElement(screen.getByText("Header copied"));
  });

  it("is labelled in Portuguese", async () => {
    render(withI18n(<Toaster />, "pt"));
    expect(await screen.findByRole("region", { name: "Notificações (Alt+T)" })).toBeInTheDocument();
  });
});
