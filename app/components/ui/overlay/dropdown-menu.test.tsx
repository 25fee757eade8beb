// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DROPDOWN_MENU_SIDE_OFFSET, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";
import { POPOVER_SIDE_OFFSET, Popover, PopoverContent, PopoverTrigger } from "./popover";

afterEach(cleanup);

describe("offsets", () => {
  it("pins the offsets: popover 3 px, dropdown menu 4 px", () => {
    expect(POPOVER_SIDE_OFFSET).toBe(3);
    expect(DROPDOWN_MENU_SIDE_OFFSET).toBe(4);
  });
});

describe("<DropdownMenu>", () => {
  it("opens from the keyboard, moves with arrows and selects with Enter", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(
      <DropdownMenu>
        <DropdownMenuTrigger>Actions</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => onSelect("copy")}>Copy</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onSelect("download")}>Download</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    screen.getByRole("button", { name: "Actions" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("menu")).toHaveClass("dropdown-menu");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(onSelect).toHaveBeenCalledWith("download");
  });
});

describe("<Popover>", () => {
  it("opens a labelled panel and closes with Esc", async () => {
    const user = userEvent.setup();
    render(
      <Popover>
        <PopoverTrigger>More</PopoverTrigger>
        <PopoverContent aria-label="Details">Text</PopoverContent>
      </Popover>,
    );
    await user.click(screen.getByRole("button", { name: "More" }));
    expect(screen.getByRole("dialog", { name: "Details" })).toHaveClass("popover");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
