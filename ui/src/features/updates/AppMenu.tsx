// The header's menu (Connect an assistant…, Check for updates…, Update feed…, Listing limits…, About Lode) and the dialogs it opens,
// including the update dialog that opens by itself.
import { useState } from "react";
import { useT } from "../../i18n";
import { Menu } from "../../ui-kit/Menu";
import { AssistantsDialog } from "../assistants";
import { ListingLimitsDialog } from "../settings";
import { AboutDialog } from "./AboutDialog";
import { UpdateDialog } from "./UpdateDialog";
import { UpdateFeedDialog } from "./UpdateFeedDialog";
import { useUpdates } from "./useUpdates";

/**
 * The header's menu: Check for updates… and About Lode. It also owns the update dialog, which
 * opens by itself when the shell's start-up check found a newer release.
 */
export function AppMenu({ onShortcuts }: { onShortcuts?: () => void } = {}) {
  const { t } = useT();
  const updates = useUpdates();
  const [aboutOpen, setAboutOpen] = useState(false);
  const [limitsOpen, setLimitsOpen] = useState(false);
  const [assistantsOpen, setAssistantsOpen] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  const items = [
    { id: "assistants", label: t("menu.assistants"), testId: "menu-assistants", onSelect: () => setAssistantsOpen(true) },
    { id: "check-updates", label: t("menu.checkUpdates"), testId: "menu-check-updates", onSelect: updates.check },
    { id: "update-feed", label: t("menu.updateFeed"), testId: "menu-update-feed", onSelect: () => setFeedOpen(true) },
    { id: "listing-limits", label: t("menu.listingLimits"), testId: "menu-listing-limits", onSelect: () => setLimitsOpen(true) },
    { id: "about", label: t("menu.about"), testId: "menu-about", onSelect: () => setAboutOpen(true) },
  ];
  // The keyboard-shortcut sheet (app/ShortcutSheet.tsx), also opened with `?`.
  if (onShortcuts) items.splice(4, 0, { id: "shortcuts", label: t("shortcuts.menu"), testId: "menu-shortcuts", onSelect: onShortcuts });
  return (
    <>
      <Menu label={t("menu.label")} items={items} testId="app-menu" icon="☰" />
      <UpdateDialog updates={updates} />
      {aboutOpen && <AboutDialog onClose={() => setAboutOpen(false)} />}
      {limitsOpen && <ListingLimitsDialog onClose={() => setLimitsOpen(false)} />}
      {assistantsOpen && <AssistantsDialog onClose={() => setAssistantsOpen(false)} />}
      {feedOpen && <UpdateFeedDialog onClose={() => setFeedOpen(false)} />}
    </>
  );
}
