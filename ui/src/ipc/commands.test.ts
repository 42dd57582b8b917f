import { mockIPC } from "@tauri-apps/api/mocks";
import { describe, expect, it } from "vitest";
import { call } from "./commands";

describe("call", () => {
  it("rejects with the LodeError the shell sent", async () => {
    mockIPC(() => Promise.reject({ code: "unknownConnection", message: "no connection 9" }));
    await expect(call("server_info", { connectionId: 9 })).rejects.toEqual({ code: "unknownConnection", message: "no connection 9" });
  });

  it("normalizes an odd rejection", async () => {
    mockIPC(() => Promise.reject("command list_connections not allowed"));
    await expect(call("list_connections")).rejects.toEqual({
      code: "internal",
      message: "command list_connections not allowed",
    });
  });
});
