// A resource that is a directory (`inode/directory`, the type `file --mime-type` and the
// freedesktop MIME database give one): shown as a folder. The tree makes it a folder node in
// Rust (lode-core `index/tree.rs`); the list and other rows show it with the folder icon.

/** True for `inode/directory`, with any parameters, in any case. */
export function isDirectory(mimeType: string | undefined): boolean {
  return mimeType?.split(";")[0]?.trim().toLowerCase() === "inode/directory";
}
