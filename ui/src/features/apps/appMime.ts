// Which contents are apps: HTML with the `mcp-app` profile among its parameters, however its
// case, spacing and quotes are written (as lode-core's `is_app_mime_type` reads it).

export function isAppMimeType(mimeType: string | undefined): boolean {
  if (!mimeType) return false;
  const [essence, ...parameters] = mimeType.split(";");
  if ((essence ?? "").trim().toLowerCase() !== "text/html") return false;
  return parameters.some((parameter) => {
    const at = parameter.indexOf("=");
    if (at < 0) return false;
    const name = parameter.slice(0, at).trim().toLowerCase();
    let value = parameter.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return name === "profile" && value.toLowerCase() === "mcp-app";
  });
}
