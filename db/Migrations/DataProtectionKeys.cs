using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>008: the key ring that signs session and antiforgery cookies, shared by every web instance.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("008_data_protection_keys")]
public sealed class DataProtectionKeys : ScriptMigration;
