using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class PrisonComingUpConfiguration : IEntityTypeConfiguration<PrisonComingUp>
{
    public void Configure(EntityTypeBuilder<PrisonComingUp> builder)
    {
        builder.ToTable("prison_coming_up");
        // Prison, rule set, then instant: a count within a span is a range of the key.
        builder.HasKey(k => new { k.PrisonId, k.RuleSet, k.ForecastAt, k.Stripe }).HasName("prison_coming_up_pkey");
        builder.Property(k => k.PrisonId).ValueGeneratedNever();
        builder.Property(k => k.RuleSet).HasMaxLength(16);
        builder.Property(k => k.Stripe).ValueGeneratedNever();
        builder.HasOne<PrisonFacility>().WithMany().HasForeignKey(k => k.PrisonId).OnDelete(DeleteBehavior.Cascade);
    }
}
