using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace Prison.Db.Migrations;

/// <summary>040: each current prisoner's forecast kept by prison and instant, so a prison's "Coming up" page reads only the rows it shows.</summary>
[DbContext(typeof(PrisonDb))]
[Migration("040_prison_forecasts")]
public sealed class PrisonForecasts : ScriptMigration;
