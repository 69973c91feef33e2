using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>013: every change of a prisoner's known verdict, with what caused it, kept by the database beside the verdict.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("013_verdict_history")]
public sealed class VerdictHistory : ScriptMigration;
