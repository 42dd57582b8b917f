// The picker settings' public entry: every connection's settings (the browser applies them),
// their section of the server details, and keeping the connections pane in step.
export { PickerSection } from "./PickerSection";
export {
  DEFAULT_PICKER_SETTINGS,
  onPickerSettingsKept,
  reloadPickerSettings,
  usePickerSettings,
  type PickerSettingsById,
} from "./usePickerSettings";
