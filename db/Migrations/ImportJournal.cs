using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>012: what each imported day did, so that it can be reverted; the day an imported charge was superseded.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("012_import_journal")]
public sealed class ImportJournal : ScriptMigration;
