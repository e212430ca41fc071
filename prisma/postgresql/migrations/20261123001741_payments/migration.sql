-- AlterTable
ALTER TABLE "User" ADD COLUMN     "checkoutStartedAt" TIMESTAMP(3),
ADD COLUMN     "checkoutTier" TEXT,
ADD COLUMN     "lastSubscriptionEventAt" TIMESTAMP(3),
ADD COLUMN     "paymentFailedAt" TIMESTAMP(3),
ADD COLUMN     "stripeCustomerId" TEXT,
ADD COLUMN     "stripeSubscriptionId" TEXT,
ADD COLUMN     "subscriptionCancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "UnmatchedPayment" (
    "id" TEXT NOT NULL,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "email" TEXT,
    "tier" TEXT,
    "customerId" TEXT,
    "subscriptionId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UnmatchedPayment_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UnmatchedPayment_eventId_key" ON "UnmatchedPayment"("eventId");

-- CreateIndex
CREATE INDEX "UnmatchedPayment_createdAt_id_idx" ON "UnmatchedPayment"("createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "User_stripeCustomerId_key" ON "User"("stripeCustomerId");
