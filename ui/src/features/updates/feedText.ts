// Where the update feed comes from, in words: Settings and About say the same.
import type { Translate } from "../../i18n";
import type { UpdateFeedState } from "../../ipc";

/**
 * One sentence on the feed's source: the environment's override, the setting, the build, none.
 * `inSettings`: said in the feed's own dialog (where "set one here" makes sense), else About.
 */
export function feedSourceText(feed: UpdateFeedState, t: Translate, inSettings: boolean): string {
  switch (feed.source) {
    case "environment":
      return feed.environmentInvalid ? t("feed.source.environmentInvalid") : t("feed.source.environment");
    case "setting":
      return t("feed.source.setting");
    case "build":
      return t("feed.source.build");
    case "none":
      return inSettings ? t("feed.source.none") : t("updateFailure.check.noFeed");
  }
}
