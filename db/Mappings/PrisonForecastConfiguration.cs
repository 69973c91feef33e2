using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class PrisonForecastConfiguration : IEntityTypeConfiguration<PrisonForecast>
{
    public void Configure(EntityTypeBuilder<PrisonForecast> builder)
    {
        builder.ToTable("prison_forecast");
        builder.HasKey(f => f.PrisonerId).HasName("prison_forecast_pkey");
        builder.Property(f => f.PrisonerId).ValueGeneratedNever();
        builder.Property(f => f.Number).HasMaxLength(32);
        // A prison's page in its order: prison, instant, number.
        builder.HasIndex(f => new { f.PrisonId, f.ForecastAt, f.Number }).HasDatabaseName("prison_forecast_by_instant");
        builder.HasOne<Prisoner>().WithOne().HasForeignKey<PrisonForecast>(f => f.PrisonerId).OnDelete(DeleteBehavior.Cascade);
        builder.HasOne<PrisonFacility>().WithMany().HasForeignKey(f => f.PrisonId).OnDelete(DeleteBehavior.Cascade);
    }
}
