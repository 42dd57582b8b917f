/**
 * How to fix the failures a person can fix on their own computer (the keychain's), by error
 * code and platform — in both languages side by side. Rust only sorts the failure into its code
 * (lode-secrets `failure.rs`); see features/errors/errorHint.ts. Spread into en.ts and zh-CN.ts.
 */
export const errorHintsEn = {
  "errorHint.keychainUnavailable.linux":
    "Lode needs a Secret Service with a default keyring: install gnome-keyring (or KeePassXC with Secret Service enabled, or KWallet) and log in to a desktop session with your password, which starts it and creates the login keyring.",
  "errorHint.keychainUnavailable.mac": "Open Keychain Access and make sure a login keychain exists and is the default keychain.",
  "errorHint.keychainUnavailable.windows":
    "Windows Credential Manager is not available in this logon session: run Lode as a signed-in user (not as a service or from a session without a user profile).",
  "errorHint.keychainLocked.linux":
    "Unlock the login keyring (for example in Passwords and Keys / Seahorse, or by logging in to the desktop session with your password) and try again; an unlock prompt that was dismissed or could not be shown leaves it locked.",
  "errorHint.keychainLocked.mac": "Unlock the login keychain (in Keychain Access) and try again.",
  "errorHint.keychainLocked.windows": "Sign in to Windows again and try again.",
  "errorHint.keychainDenied.linux":
    "Lode may not talk to the Secret Service (org.freedesktop.secrets): if it runs in a sandbox, grant it access (Flatpak: --talk-name=org.freedesktop.secrets; Snap: the password-manager-service interface), otherwise check the D-Bus policy.",
  "errorHint.keychainDenied.mac":
    "Allow Lode to use its keychain items when macOS asks (or in the item's Access Control tab in Keychain Access) and try again.",
  "errorHint.keychainDenied.windows": "Windows refused access to Credential Manager: run Lode as the signed-in user, without restricted permissions.",
  "errorHint.keychain.linux": "See the details; check that the keyring works in Passwords and Keys.",
  "errorHint.keychain.mac": "See the details; check the login keychain in Keychain Access.",
  "errorHint.keychain.windows": "See the details; check Credential Manager in the Control Panel.",
} as const;

export const errorHintsZhCN: Record<keyof typeof errorHintsEn, string> = {
  "errorHint.keychainUnavailable.linux":
    "Lode 需要带有默认密钥环的 Secret Service：请安装 gnome-keyring（或启用了 Secret Service 的 KeePassXC，或 KWallet），并用密码登录桌面会话，这会启动它并创建登录密钥环。",
  "errorHint.keychainUnavailable.mac": "请打开“钥匙串访问”，确认登录钥匙串存在且为默认钥匙串。",
  "errorHint.keychainUnavailable.windows": "此登录会话中没有 Windows 凭据管理器：请以已登录的用户身份运行 Lode（不要作为服务运行，也不要在没有用户配置文件的会话中运行）。",
  "errorHint.keychainLocked.linux":
    "请解锁登录密钥环（例如在“密码和密钥”/Seahorse 中，或用密码登录桌面会话）后重试；解锁提示被关闭或无法显示时，密钥环会保持锁定。",
  "errorHint.keychainLocked.mac": "请在“钥匙串访问”中解锁登录钥匙串后重试。",
  "errorHint.keychainLocked.windows": "请重新登录 Windows 后重试。",
  "errorHint.keychainDenied.linux":
    "Lode 可能无权与 Secret Service（org.freedesktop.secrets）通信：如果它运行在沙盒中，请授予访问权限（Flatpak：--talk-name=org.freedesktop.secrets；Snap：password-manager-service 接口），否则请检查 D-Bus 策略。",
  "errorHint.keychainDenied.mac": "请在 macOS 询问时允许 Lode 使用其钥匙串项目（或在“钥匙串访问”中该项目的“访问控制”标签页中设置）后重试。",
  "errorHint.keychainDenied.windows": "Windows 拒绝访问凭据管理器：请以已登录的用户身份、在不受限制的权限下运行 Lode。",
  "errorHint.keychain.linux": "请查看详细信息；检查密钥环在“密码和密钥”中是否正常。",
  "errorHint.keychain.mac": "请查看详细信息；在“钥匙串访问”中检查登录钥匙串。",
  "errorHint.keychain.windows": "请查看详细信息；在控制面板中检查凭据管理器。",
};
