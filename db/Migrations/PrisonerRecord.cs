using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>001: the Prisoner aggregate, the prisons, and the stored verdict.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("001_prisoner_record")]
public sealed class PrisonerRecord : ScriptMigration;
