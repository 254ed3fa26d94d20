import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { users } from "#db/schema.ts";
import { makeUser } from "../../../tests/support/unit-factories.ts";
import { uniqueName } from "../../../tests/support/names.ts";
import { ensureBootstrapAdmin } from "./bootstrap.server.ts";
import { deleteUserAsAdmin } from "./user-delete.server.ts";
import { toggleUserAdmin } from "./users.server.ts";

describe("ensureBootstrapAdmin", () => {
  it("creates the account once, then never re-grants admin nor brings a deleted account back", () => {
    const name = uniqueName("boot");
    let hashed = 0;
    const start = () => ensureBootstrapAdmin({ username: name, email: `${name}@example.com`, hashPassword: () => `hash${++hashed}` });
    expect(start()).toBe("created");
    const row = () => getDb().select().from(users).where(eq(users.username, name)).get();
    expect(row()).toMatchObject({ isAdmin: true, passwordHash: "hash1" });

    const other = makeUser({ isAdmin: true });
    expect(start()).toBe("exists");
    toggleUserAdmin({ actorId: other.id, userId: row()!.id });
    expect(start()).toBe("member");
    expect(row()).toMatchObject({ isAdmin: false, passwordHash: "hash1" });

    deleteUserAsAdmin({ actorId: other.id, userId: row()!.id });
    expect(start()).toBe("deleted");
    expect(row()).toBeUndefined();
    expect(hashed).toBe(1);
  });

  it("leaves an existing member of that name alone and reports a taken e-mail", () => {
    const member = makeUser();
    expect(ensureBootstrapAdmin({ username: member.username.toUpperCase(), email: "new@example.com", hashPassword: () => "h" })).toBe("member");
    expect(getDb().select().from(users).where(eq(users.id, member.id)).get()).toMatchObject({ isAdmin: false });
    expect(ensureBootstrapAdmin({ username: uniqueName("boot"), email: member.email, hashPassword: () => "h" })).toBe("clash");
  });
});
