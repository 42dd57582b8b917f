export { SkillCheckFlag } from "./SkillCheckFlag";
export { SkillPanel } from "./SkillPanel";
