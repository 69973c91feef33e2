using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Events;

namespace Prison.Db.Mappings;

internal sealed class PrisonEventConfiguration : IEntityTypeConfiguration<PrisonEvent>
{
    public const string NotRelayed = "relayed_at IS NULL";

    public void Configure(EntityTypeBuilder<PrisonEvent> builder)
    {
        // Written by the database's triggers alone (migration 035); the relay marks and prunes.
        builder.ToTable("prison_event");
        builder.HasKey(e => e.Id).HasName("prison_event_pkey");
        builder.Property(e => e.Id).ValueGeneratedOnAdd();
        builder.Property(e => e.EventId).ValueGeneratedOnAdd();
        builder.Property(e => e.Kind).HasMaxLength(32);
        builder.Property(e => e.PrisonerNumber).HasMaxLength(32);
        builder.Property(e => e.OccurredAtUtc).HasColumnName("occurred_at");
        builder.Property(e => e.Status).HasMaxLength(16);
        builder.Property(e => e.ForecastAtUtc).HasColumnName("forecast_at");
        builder.Property(e => e.ForecastStatus).HasMaxLength(16);
        builder.Property(e => e.RelayedAtUtc).HasColumnName("relayed_at");

        builder.HasIndex(e => e.Id, "prison_event_to_relay").HasFilter(NotRelayed);
        builder.HasIndex(e => e.PrisonerId, "prison_event_to_relay_by_prisoner").HasFilter(NotRelayed);
        builder.HasIndex(e => e.RelayedAtUtc, "prison_event_relayed").HasFilter("relayed_at IS NOT NULL");
    }
}
