import { find, type UiExample } from "~/components/ui/ui-example";
import { ImagePreviewDialog } from "./image-preview-dialog";
import { appPath } from "~/config/paths";

export const examples: UiExample[] = [
  {
    name: "a thumbnail that links to the image, and its closed dialog (size lg, the default)",
    render: () => <ImagePreviewDialog src={appPath("/diagrams/testing-manual-path.en.svg")} alt="From registration to production" caption="The testing path" />,
    shows: { pt: ["The testing path"], en: ["The testing path"] },
    interact(container) {
      // Without JavaScript the thumbnail is a link to the image; the dialog opens with the page's one
      // small module (image-preview-script.ts), which the server adds, not React.
      if (find<HTMLAnchorElement>(container, "a").getAttribute("href") !== appPath("/diagrams/testing-manual-path.en.svg")) throw new Error("the thumbnail is not a link to the image");
      const dialog = find<HTMLDialogElement>(container, "dialog");
      if (dialog.open || dialog.dataset.size !== "lg") throw new Error("the dialog is not a closed lg dialog");
    },
  },
  {
    name: "each size: sm, md, lg, xl",
    render: () => (
      <>
        {(["sm", "md", "lg", "xl"] as const).map((size) => (
          <ImagePreviewDialog key={size} src={appPath("/diagrams/testing-manual-path.en.svg")} alt={size} size={size} />
        ))}
      </>
    ),
    interact(container) {
      const sizes = [...container.querySelectorAll<HTMLDialogElement>("dialog")].map((dialog) => dialog.dataset.size);
      if (sizes.join() !== "sm,md,lg,xl") throw new Error(`sizes: ${sizes.join()}`);
    },
  },
];
