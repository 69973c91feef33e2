using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>002: what the custody-file importer remembers (imported days, each inmate's prisoner and last row).</summary>
[DbContext(typeof(PrisonDb))]
[Migration("002_custody_import")]
public sealed class CustodyImport : ScriptMigration;
