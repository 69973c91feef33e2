using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Reads;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class PrisonDangerousDayConfiguration : IEntityTypeConfiguration<PrisonDangerousDay>
{
    public void Configure(EntityTypeBuilder<PrisonDangerousDay> builder)
    {
        builder.ToTable("prison_dangerous_day");
        // Prison, then day: the overview reads each prison's days after one, a range of the key.
        builder.HasKey(d => new { d.PrisonId, d.Day, d.Stripe }).HasName("prison_dangerous_day_pkey");
        builder.Property(d => d.PrisonId).ValueGeneratedNever();
        builder.Property(d => d.Stripe).ValueGeneratedNever();
        builder.HasOne<PrisonFacility>().WithMany().HasForeignKey(d => d.PrisonId).OnDelete(DeleteBehavior.Cascade);
    }
}
