import { click, find, press, until, type UiExample } from "~/components/ui/ui-example";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "./dropdown-menu";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

export const examples: UiExample[] = [
  {
    name: "a popover, 3 px from its trigger, opened by it",
    render: () => (
      <Popover>
        <PopoverTrigger className="button">Details</PopoverTrigger>
        <PopoverContent aria-label="Details">
          <p>The header is valid for 1 minute.</p>
        </PopoverContent>
      </Popover>
    ),
    // Without JavaScript only the trigger (a widget that needs script goes in an island; on a page of text
    // a hint is a native `popover`: app/features/glossary/acronym.tsx).
    shows: { pt: ["Details"], en: ["Details"] },
    async interact(container) {
      await click(find(container, "button"));
      await until(() => document.querySelector(".popover")?.textContent?.includes("1 minute"));
    },
  },
  {
    name: "a dropdown menu, 4 px from its trigger",
    render: () => (
      <DropdownMenu>
        <DropdownMenuTrigger className="button">Download</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>XML</DropdownMenuItem>
          <DropdownMenuItem>Text</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    ),
    shows: { pt: ["Download"], en: ["Download"] },
    async interact(container) {
      // Radix opens the menu on pointer down (a click alone does not), or on Enter, Space or the down arrow.
      await press(find(container, "button"), "Enter");
      await until(() => document.querySelectorAll("[role=menuitem]").length === 2);
    },
  },
];
